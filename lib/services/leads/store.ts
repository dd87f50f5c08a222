import "server-only";
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDatabase, type Database } from "@/lib/db";
import { leads, officerProfiles, users } from "@/lib/db/schema";
import type { LeadStatus } from "@/lib/leads/rules";

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

const homeowner = alias(users, "lead_homeowner");
const officer = alias(users, "lead_officer");

/** A person's name as a card shows it: their profile's display name, else their account's name, else their email. */
const officerName = sql<string | null>`coalesce(${officerProfiles.displayName}, ${officer.name}, ${officer.email})`;

/** A lead with the names around it: the homeowner who asked and the officer it went to. */
const named = (db: Database) =>
  db
    .select({ lead: leads, homeownerName: homeowner.name, homeownerEmail: homeowner.email, officerName })
    .from(leads)
    .leftJoin(homeowner, eq(homeowner.id, leads.homeownerId))
    .leftJoin(officer, eq(officer.id, leads.officerId))
    .leftJoin(officerProfiles, eq(officerProfiles.userId, leads.officerId))
    .$dynamic();

export type NamedLead = {
  lead: LeadRow;
  homeownerName: string | null;
  homeownerEmail: string | null;
  officerName: string | null;
};

/**
 * Saves a lead; undefined when the homeowner already sent one of its kind today (the unique index leads_once_a_day).
 */
export async function insertLead(values: NewLead): Promise<LeadRow | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.insert(leads).values(values).onConflictDoNothing().returning();
  return row;
}

/** The homeowner's lead of a kind on a day (the one a second click finds). */
export async function leadOfDay(
  homeownerId: number,
  kind: LeadRow["kind"],
  day: string,
): Promise<NamedLead | undefined> {
  const { db } = await getDatabase();
  const [row] = await named(db).where(
    and(eq(leads.homeownerId, homeownerId), eq(leads.kind, kind), eq(leads.day, day)),
  );
  return row;
}

export async function leadById(id: number): Promise<NamedLead | undefined> {
  const { db } = await getDatabase();
  const [row] = await named(db).where(eq(leads.id, id));
  return row;
}

/**
 * A page of leads, newest first: one officer's (or everyone's, `officerId` undefined), of a status when given. Leads
 * held for review (a widget site past its daily cap) only with `held`: an admin's list.
 */
export async function pageOfLeads(filter: {
  officerId?: number;
  status?: LeadStatus;
  page: number;
  size: number;
  held?: boolean;
}) {
  const conditions: SQL[] = [];
  if (filter.officerId !== undefined) conditions.push(eq(leads.officerId, filter.officerId));
  if (!filter.held) conditions.push(isNull(leads.heldAt));
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const { db } = await getDatabase();
  const [rows, [counted]] = await Promise.all([
    named(db)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A homeowner's own leads, newest first. */
export async function leadsOfHomeowner(homeownerId: number, limit = 50): Promise<NamedLead[]> {
  const { db } = await getDatabase();
  return named(db)
    .where(eq(leads.homeownerId, homeownerId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

/**
 * Moves a lead's status if it is still `from` (two officers clicking at once: one wins); the row after, or undefined.
 */
export async function moveStatus(
  id: number,
  from: LeadStatus,
  to: LeadStatus,
  by: number,
): Promise<LeadRow | undefined> {
  const { db } = await getDatabase();
  const [row] = await db
    .update(leads)
    .set({ status: to, statusChangedBy: by, statusChangedAt: new Date() })
    .where(and(eq(leads.id, id), eq(leads.status, from)))
    .returning();
  return row;
}

/**
 * Claims leads for one mail before it is sent: only the ones no other mail has claimed come back (the notice and the
 * daily summary may race for a lead that came in just before the summary; a retried job finds its lead claimed).
 */
export async function claimNotice(ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { db } = await getDatabase();
  const claimed = await db
    .update(leads)
    .set({ notifiedAt: new Date() })
    .where(and(inArray(leads.id, [...ids]), isNull(leads.notifiedAt)))
    .returning({ id: leads.id });
  return claimed.map((row) => row.id);
}

/** Gives claimed leads back when their mail could not be sent, so that the job's retry or the summary sends them. */
export async function releaseNotice(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { db } = await getDatabase();
  await db
    .update(leads)
    .set({ notifiedAt: null })
    .where(inArray(leads.id, [...ids]));
}

/**
 * An officer's leads for the daily summary: new ones not mailed yet, and open ones that came in before `openBefore`.
 */
export async function summaryLeads(officerId: number, openBefore: Date) {
  const { db } = await getDatabase();
  return named(db)
    .where(
      and(
        eq(leads.officerId, officerId),
        // Held leads wait for an admin's release before their officer hears of them.
        isNull(leads.heldAt),
        or(isNull(leads.notifiedAt), and(inArray(leads.status, ["new", "contacted"]), lt(leads.createdAt, openBefore))),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(200);
}

/** Officers with a lead they have not been mailed about or one still open: the daily summary's possible recipients. */
export async function officersWithOpenLeads(): Promise<number[]> {
  const { db } = await getDatabase();
  const rows = await db
    .selectDistinct({ id: leads.officerId })
    .from(leads)
    .where(and(isNotNull(leads.officerId), or(isNull(leads.notifiedAt), inArray(leads.status, ["new", "contacted"]))));
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

/** How an officer hears of new leads: an email each (the default) or the daily summary. */
export async function leadMailOf(userId: number): Promise<"each" | "daily"> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ leadMail: officerProfiles.leadMail })
    .from(officerProfiles)
    .where(eq(officerProfiles.userId, userId));
  return row?.leadMail ?? "each";
}

export async function setLeadMailOf(userId: number, leadMail: "each" | "daily"): Promise<void> {
  const { db } = await getDatabase();
  await db
    .insert(officerProfiles)
    .values({ userId, leadMail })
    .onConflictDoUpdate({ target: officerProfiles.userId, set: { leadMail, updatedAt: new Date() } });
}

/**
 * A staff member's name (for the homeowner's "Sent to …") and their account's email (where lead mail goes); none for a
 * homeowner.
 */
export async function officerContact(userId: number): Promise<{ name: string; email: string } | undefined> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ name: officerName, email: officer.email })
    .from(officer)
    .leftJoin(officerProfiles, eq(officerProfiles.userId, officer.id))
    // Staff only: an officer made a homeowner (who left the lender) is mailed no one's leads.
    .where(and(eq(officer.id, userId), ne(officer.role, "homeowner")));
  return row ? { name: row.name ?? row.email, email: row.email } : undefined;
}
