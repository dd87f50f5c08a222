import "server-only";
import { sql } from "drizzle-orm";
import { accountOwners, users } from "@/lib/db/schema";

/** The owner records an account (a row of `users` in the query) proved are its own, oldest first, read with it. */
export const ownerIdsColumn = sql<
  string[]
>`coalesce((select array_agg(${accountOwners.ownerId} order by ${accountOwners.verifiedAt}, ${accountOwners.ownerId}) from ${accountOwners} where ${accountOwners.userId} = ${users.id}), '{}')`;
