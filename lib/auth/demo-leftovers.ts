import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users, widgetSites } from "@/lib/db/schema";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { verifyPassword } from "./password";

// No "server-only" marker: the migrate command (a plain Node script, scripts/migrate.ts) removes them too.

/**
 * Embedded mode's demo widget sites (lib/services/partners/sites.ts, DEMO_SITE and BLOCKED_DEMO_SITE): their keys are
 * published, and the first may be framed by the app's own origin, so in production anyone could spend its daily budget
 * of billable valuations.
 */
const DEMO_SITE_KEYS = ["site_demo", "site_demo_blocked"];

/**
 * What embedded mode's demo leaves in a database that is then pointed at the real service: demo accounts that still
 * open with their published password (README, sign-in page), in production anyone could sign in as them; and the demo
 * widget sites (named `widget site <key>`).
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
  const sites = await db
    .select({ siteKey: widgetSites.siteKey })
    .from(widgetSites)
    .where(inArray(widgetSites.siteKey, DEMO_SITE_KEYS));
  return [...left, ...sites.map((site) => `widget site ${site.siteKey}`)];
}

/**
 * Deletes those accounts, and with them everything of theirs (sessions, factors, the demo officer's clients), and the
 * demo sites.
 */
export async function removeDemoAccounts(db: Database): Promise<string[]> {
  const left = await demoAccountsLeft(db);
  const emails = left.filter((entry) => !entry.startsWith("widget site "));
  if (emails.length) await db.delete(users).where(inArray(users.email, emails));
  await db.delete(widgetSites).where(inArray(widgetSites.siteKey, DEMO_SITE_KEYS));
  return left;
}
