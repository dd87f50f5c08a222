import "server-only";
import { and, desc, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { rememberedOfUser } from "@/lib/auth/session-cache";
import { getDatabase } from "@/lib/db";
import { clients, invitations, mailDeliveries, mailPreferences, opportunities, users } from "@/lib/db/schema";
import { appOrigin } from "@/lib/env";
import { log } from "@/lib/log";
import { officerSummaryMessage } from "@/lib/mail/officer-summary";
import { sendMail } from "@/lib/mail/transport";
import { unsubscribeHeaders, unsubscribeUrl } from "@/lib/mail/unsubscribe";
import { engagement } from "@/lib/portfolio/opportunities";
import { mailPreferencesOf } from "./digests";
import { engagementOf } from "./engagement";
import { markBest } from "./mark-best";

/**
 * The loan officer who invited a homeowner (their latest accepted invitation): named on the dashboard as their contact.
 */
export function contactOf(userId: number): Promise<{ name: string; email: string } | undefined> {
  // On every dashboard view; it changes when the client accepts an invitation (which says so), or within a minute of
  // the officer's own change.
  return rememberedOfUser(userId, "contact", async () => {
    const { db } = await getDatabase();
    const [row] = await db
      .select({ name: users.name, email: users.email })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.invitedBy))
      .where(and(eq(invitations.acceptedBy, userId), sql`${users.role} in ('loan_officer', 'admin')`))
      .orderBy(desc(invitations.acceptedAt))
      .limit(1);
    return row ? { name: row.name ?? row.email, email: row.email } : null;
  }).then((contact) => contact ?? undefined);
}

/**
 * Opens, keeps or closes each invited client's "engaged homeowner" opportunity from what they did on their dashboard
 * this week. No upstream call: run daily before the officers' summaries.
 */
export async function checkEngagement(): Promise<{ open: number; closed: number }> {
  const { db } = await getDatabase();
  const joined = await db
    .select({ clientId: clients.id, userId: invitations.acceptedBy, available: clients.availableEquity })
    .from(clients)
    .innerJoin(invitations, eq(invitations.id, clients.invitationId))
    .where(isNotNull(invitations.acceptedBy));
  let open = 0;
  let closed = 0;
  for (const client of joined) {
    const found = engagement(await engagementOf(client.userId!));
    const [live] = await db
      .select()
      .from(opportunities)
      .where(
        and(
          eq(opportunities.clientId, client.clientId),
          eq(opportunities.kind, "engagement"),
          ne(opportunities.status, "closed"),
        ),
      );
    if (found && live) {
      // Changed only when what the homeowner did changed: a new sign of interest is news again (the summary's "new").
      if (live.reason !== found.reason) {
        const now = new Date();
        await db
          .update(opportunities)
          .set({ reason: found.reason, figures: found.figures, openedAt: now, updatedAt: now })
          .where(eq(opportunities.id, live.id));
      }
      open++;
    } else if (found) {
      await db
        .insert(opportunities)
        .values({
          clientId: client.clientId,
          kind: "engagement",
          reason: found.reason,
          figures: found.figures,
          amount: client.available ?? 0,
        })
        .onConflictDoNothing();
      // The client's best action when nothing else of theirs is being worked (lib/portfolio/best.ts).
      await markBest(db, client.clientId);
      open++;
    } else if (live) {
      await db
        .update(opportunities)
        .set({ status: "closed", updatedAt: new Date() })
        .where(eq(opportunities.id, live.id));
      await markBest(db, client.clientId);
      closed++;
    }
  }
  return { open, closed };
}

/** Officers (and admins) with clients, who did not turn the daily summary off. */
export async function summaryRecipients(): Promise<number[]> {
  const { db } = await getDatabase();
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(clients, eq(clients.officerId, users.id))
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(and(inArray(users.role, ["loan_officer", "admin"]), sql`coalesce(${mailPreferences.dailySummary}, true)`));
  return rows.map((row) => row.id);
}

/**
 * An officer's summary for a day: the opportunities of their clients that are new since their last summary (the last
 * day, for a first one): first found, or found again after a dismissal, never the same one again for changing figures.
 * Engaged homeowners first, then the most money, and how many are open in all. Sent once a day at most, and only on a
 * day that has something new.
 */
export async function sendOfficerSummary(
  userId: number,
  day: string,
): Promise<"sent" | "already sent" | "nothing new" | "not wanted"> {
  const { db } = await getDatabase();
  const [officer] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!officer || !(await mailPreferencesOf(userId)).dailySummary) return "not wanted";
  // New since the last summary this officer got (or, for a first one, in the last day).
  const [last] = await db
    .select({ at: mailDeliveries.sentAt })
    .from(mailDeliveries)
    .where(and(eq(mailDeliveries.userId, userId), eq(mailDeliveries.kind, "daily_summary")))
    .orderBy(desc(mailDeliveries.sentAt))
    .limit(1);
  const since = last?.at ?? new Date(Date.now() - 24 * 3600_000);
  const mine = and(eq(clients.officerId, userId), eq(opportunities.status, "open"));
  const fresh = await db
    .select({
      kind: opportunities.kind,
      figures: opportunities.figures,
      reason: opportunities.reason,
      amount: opportunities.amount,
      name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      address: clients.address,
    })
    .from(opportunities)
    .innerJoin(clients, eq(clients.id, opportunities.clientId))
    .where(and(mine, gt(opportunities.openedAt, since)))
    // A homeowner showing interest now comes first, whatever their equity; then the most money.
    .orderBy(sql`${opportunities.kind} = 'engagement' desc`, desc(opportunities.amount))
    .limit(25);
  if (fresh.length === 0) return "nothing new";
  const [{ open }] = (await db
    .select({ open: sql<number>`count(*)`.mapWith(Number) })
    .from(opportunities)
    .innerJoin(clients, eq(clients.id, opportunities.clientId))
    .where(mine)) as [{ open: number }];
  const claimed = await db
    .insert(mailDeliveries)
    .values({ userId, kind: "daily_summary", period: day })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return "already sent";
  try {
    await sendMail(
      officerSummaryMessage({
        to: officer.email,
        day,
        opportunities: fresh,
        open,
        clientsUrl: new URL("/clients", appOrigin).href,
        preferencesUrl: new URL("/account#email", appOrigin).href,
        unsubscribeUrl: unsubscribeUrl(userId, "daily_summary"),
        headers: unsubscribeHeaders(userId, "daily_summary"),
      }),
    );
  } catch (error) {
    await db
      .delete(mailDeliveries)
      .where(
        and(
          eq(mailDeliveries.userId, userId),
          eq(mailDeliveries.kind, "daily_summary"),
          eq(mailDeliveries.period, day),
        ),
      );
    throw error;
  }
  log.info({ userId, day, opportunities: fresh.length }, "officer summary sent");
  return "sent";
}
