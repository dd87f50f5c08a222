import "server-only";
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { clients, leads, opportunities, users } from "@/lib/db/schema";
import { tagLabel, tagShort } from "@/lib/portfolio/opportunities";
import { alertsSeenAtOf, visibleTo, WORKING } from "./clients";

/** How far back "today's" new leads go: a day, whatever the officer's time zone. */
export const NEW_LEADS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most valuable actions the first screen shows, and the new alerts it lists. */
export const TOP_ACTIONS = 3;
export const NEW_ALERTS_LISTED = 10;

/** An opportunity with its client's contact, as the first screen shows it. */
export interface ActionDto {
  id: number;
  kind: (typeof opportunities.$inferSelect)["kind"];
  label: string;
  short: string;
  reason: string;
  figures: Record<string, number | string | null>;
  amount: number;
  worth: number;
  openedAt: string;
  client: { id: number; name: string; phone: string | null; email: string | null; address: string };
}

const withClient = {
  opportunity: opportunities,
  client: {
    id: clients.id,
    firstName: clients.firstName,
    lastName: clients.lastName,
    phone: clients.phone,
    email: clients.email,
    address: clients.address,
  },
};

function toActionDto(row: {
  opportunity: typeof opportunities.$inferSelect;
  client: {
    id: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
    address: string;
  };
}): ActionDto {
  const o = row.opportunity;
  return {
    id: o.id,
    kind: o.kind,
    label: tagLabel(o.kind, o.figures),
    short: tagShort(o.kind, o.figures),
    reason: o.reason,
    figures: o.figures,
    amount: o.amount,
    worth: o.worth,
    openedAt: o.openedAt.toISOString(),
    client: {
      id: row.client.id,
      name: `${row.client.firstName} ${row.client.lastName}`,
      phone: row.client.phone,
      email: row.client.email,
      address: row.client.address,
    },
  };
}

/** The SQL of lib/portfolio/alerts.ts's isNewAlert: open, not the starting list, opened since the officer looked. */
const newSince = (seenAt: Date | null) =>
  and(
    eq(opportunities.status, "open"),
    eq(opportunities.baseline, false),
    seenAt ? gt(opportunities.openedAt, seenAt) : undefined,
  );

/**
 * The officer's first screen (everyone's for an admin): today's new leads and those still waiting, the alerts new since
 * they last looked (seen from `seenAt`, read before they are marked seen), the engaged homeowners being worked, and the
 * three most valuable actions (each client's best, open, by what it is worth to them, then the money).
 */
export async function firstScreen(user: SessionUser, now = new Date()) {
  const { db } = await getDatabase();
  const seenAt = await alertsSeenAtOf(user);
  // An officer sees their own leads once released from review; an admin everyone's.
  const ownLeads = user.role === "admin" ? undefined : and(eq(leads.officerId, user.id), isNull(leads.heldAt));
  const since = new Date(now.getTime() - NEW_LEADS_WINDOW_MS);
  const [[leadCounts], [alertCount], newAlerts, [engaged], top] = await Promise.all([
    db
      .select({
        today: sql<number>`count(*) filter (where ${leads.createdAt} > ${since})`.mapWith(Number),
        waiting: count(),
      })
      .from(leads)
      .where(and(ownLeads, eq(leads.status, "new"))),
    db
      .select({ n: count() })
      .from(opportunities)
      .innerJoin(clients, eq(clients.id, opportunities.clientId))
      .where(and(visibleTo(user), newSince(seenAt))),
    db
      .select(withClient)
      .from(opportunities)
      .innerJoin(clients, eq(clients.id, opportunities.clientId))
      .where(and(visibleTo(user), newSince(seenAt)))
      .orderBy(desc(opportunities.openedAt), desc(opportunities.id))
      .limit(NEW_ALERTS_LISTED),
    db
      .select({ n: sql<number>`count(distinct ${opportunities.clientId})`.mapWith(Number) })
      .from(opportunities)
      .innerJoin(clients, eq(clients.id, opportunities.clientId))
      .where(and(visibleTo(user), eq(opportunities.kind, "engagement"), inArray(opportunities.status, [...WORKING]))),
    db
      .select(withClient)
      .from(opportunities)
      .innerJoin(clients, eq(clients.id, opportunities.clientId))
      .where(and(visibleTo(user), eq(opportunities.best, true), eq(opportunities.status, "open")))
      .orderBy(desc(opportunities.worth), desc(opportunities.amount), desc(opportunities.id))
      .limit(TOP_ACTIONS),
  ]);
  return {
    seenAt: seenAt?.toISOString() ?? null,
    leads: { today: leadCounts?.today ?? 0, waiting: leadCounts?.waiting ?? 0 },
    alerts: { count: alertCount?.n ?? 0, listed: newAlerts.map(toActionDto) },
    engaged: engaged?.n ?? 0,
    top: top.map(toActionDto),
  };
}
export type FirstScreen = Awaited<ReturnType<typeof firstScreen>>;

/**
 * The user has looked at their alerts as of `at` (the moment before they were read, so that one opened while the page
 * was drawn is still new next time); never moved back.
 */
export async function markAlertsSeen(user: SessionUser, at = new Date()): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(users)
    .set({ alertsSeenAt: at })
    .where(and(eq(users.id, user.id), or(isNull(users.alertsSeenAt), sql`${users.alertsSeenAt} < ${at}`)));
}
