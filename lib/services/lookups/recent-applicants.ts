import "server-only";
import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { displayKey } from "@/lib/address/format";
import { getDatabase } from "@/lib/db";
import { recentApplicants } from "@/lib/db/schema";
import type { ReadAddress } from "@/lib/services/homes/addresses";

/**
 * Applicants each staff member keeps: the list on /lookup shows them all, and older ones are deleted as new ones come.
 */
export const RECENT_APPLICANTS_KEPT = 20;

export interface RecentApplicant {
  address: string;
  applicant: string;
  lookedUpAt: Date;
}

/**
 * Records that a staff member verified an applicant at an address (the newest name for it replaces the one before),
 * and forgets their applicants past the newest RECENT_APPLICANTS_KEPT.
 */
export async function rememberApplicant(userId: number, at: ReadAddress, applicant: string): Promise<void> {
  const { db } = await getDatabase();
  // Strictly after the officer's latest lookup: two lookups within one tick of the database's clock (PGlite's may be
  // a millisecond) would otherwise tie, and which one the list keeps first would be chance.
  const lookedUpAt = sql`greatest(clock_timestamp(), (select max(${recentApplicants.lookedUpAt}) + interval '1 microsecond' from ${recentApplicants} where ${recentApplicants.userId} = ${userId}))`;
  const row = { userId, addressKey: at.key, address: displayKey(at.key), applicant, lookedUpAt };
  await db
    .insert(recentApplicants)
    .values(row)
    .onConflictDoUpdate({
      target: [recentApplicants.userId, recentApplicants.addressKey],
      set: { address: row.address, applicant, lookedUpAt: row.lookedUpAt },
    });
  const kept = db
    .select({ key: recentApplicants.addressKey })
    .from(recentApplicants)
    .where(eq(recentApplicants.userId, userId))
    .orderBy(desc(recentApplicants.lookedUpAt))
    .limit(RECENT_APPLICANTS_KEPT);
  await db
    .delete(recentApplicants)
    .where(and(eq(recentApplicants.userId, userId), notInArray(recentApplicants.addressKey, kept)));
}

/** A staff member's own recent applicants, last looked up first. */
export async function recentApplicantsOf(userId: number): Promise<RecentApplicant[]> {
  const { db } = await getDatabase();
  return db
    .select({
      address: recentApplicants.address,
      applicant: recentApplicants.applicant,
      lookedUpAt: recentApplicants.lookedUpAt,
    })
    .from(recentApplicants)
    .where(eq(recentApplicants.userId, userId))
    .orderBy(desc(recentApplicants.lookedUpAt))
    .limit(RECENT_APPLICANTS_KEPT);
}

/** The applicant a staff member last verified at an address (its standardized key), if any. */
export async function applicantAt(userId: number, addressKey: string): Promise<string | undefined> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ applicant: recentApplicants.applicant })
    .from(recentApplicants)
    .where(and(eq(recentApplicants.userId, userId), eq(recentApplicants.addressKey, addressKey)));
  return row?.applicant;
}

/**
 * How long an applicant nobody looked up again is kept: the list is a convenience for the applications in hand, and an
 * applicant's name is customer information, kept no longer than that use needs.
 */
export const RECENT_APPLICANT_DAYS = 90;

/** Deletes applicants nobody looked up again for `days` (the daily housekeeping). */
export async function sweepRecentApplicants(days = RECENT_APPLICANT_DAYS): Promise<number> {
  const { db } = await getDatabase();
  const gone = await db
    .delete(recentApplicants)
    .where(lt(recentApplicants.lookedUpAt, sql`now() - make_interval(days => ${days})`))
    .returning({ userId: recentApplicants.userId });
  return gone.length;
}
