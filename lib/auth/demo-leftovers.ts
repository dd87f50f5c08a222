import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { verifyPassword } from "./password";

// No "server-only" marker: the migrate command (a plain Node script, scripts/migrate.ts) removes them too.

/**
 * Demo accounts that still open with their published password (README, sign-in page): what a database once run in
 * embedded mode keeps when it is then pointed at the real service. In production anyone could sign in as them.
 */
export async function demoAccountsLeft(db: Database): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const left: string[] = [];
  for (const row of rows) {
    const demo = DEMO_ACCOUNTS.find((account) => account.email === row.email.toLowerCase());
    if (demo && (await verifyPassword(demo.password, row.passwordHash))) left.push(row.email);
  }
  return left;
}

/** Deletes those accounts, and with them everything of theirs (sessions, factors, the demo officer's clients). */
export async function removeDemoAccounts(db: Database): Promise<string[]> {
  const left = await demoAccountsLeft(db);
  if (left.length) await db.delete(users).where(inArray(users.email, left));
  return left;
}
