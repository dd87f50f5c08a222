import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { outbox } from "@/lib/db/schema";

export type OutboxEntry = typeof outbox.$inferSelect;

/**
 * The latest messages and letters, newest first, optionally for one recipient (an email, or part of a postal address).
 */
export async function readOutbox(
  filter: { to?: string; kind?: "email" | "letter" } = {},
  limit = 100,
): Promise<OutboxEntry[]> {
  const { db } = await getDatabase();
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(outbox.kind, filter.kind));
  const rows = await db
    .select()
    .from(outbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outbox.id))
    .limit(filter.to ? 1000 : limit);
  const to = filter.to?.toLowerCase();
  return (to ? rows.filter((row) => row.recipient.toLowerCase().includes(to)) : rows).slice(0, limit);
}
