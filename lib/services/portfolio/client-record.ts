import "server-only";
import { and, asc, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import {
  clientFigures,
  clientNotes,
  homeownerEvents,
  invitations,
  leads,
  mailDeliveries,
  opportunities,
  users,
} from "@/lib/db/schema";
import { audit, by } from "@/lib/services/audit/log";
import { idsText, recordStaffRead } from "@/lib/services/audit/staff-reads";
import type { Caller } from "@/lib/services/platform/gateway";
import { clientOf, toClientDto, toOpportunityDto, type ClientRow } from "./clients";
import { assignedOfficer } from "./officer-assignment";

type SignedIn = Caller & { user: SessionUser };

/** What the client's page counts of what the homeowner did: the last 90 days. */
export const ENGAGEMENT_DAYS = 90;
/** The most of a client's figures, leads and notes one answer holds (the newest). */
const HISTORY_LIMIT = 120;
const LEADS_LIMIT = 20;
const NOTES_LIMIT = 200;

export interface ClientNote {
  id: number;
  body: string;
  author: string | null;
  createdAt: string;
}

/** A client the user may see, with their invitation's state; 404 otherwise (clientOf). */
async function visibleClient(user: SessionUser, clientId: number) {
  const client = await clientOf(user, clientId);
  const { db } = await getDatabase();
  const [invitation] = client.invitationId
    ? await db
        .select({
          acceptedAt: invitations.acceptedAt,
          acceptedBy: invitations.acceptedBy,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .where(eq(invitations.id, client.invitationId))
    : [];
  return { client, invitation: invitation ?? null };
}

/** The live opportunities (open, contacted, dismissed) of one client: the best first, then by what each is worth. */
async function liveOpportunities(clientId: number) {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.clientId, clientId), ne(opportunities.status, "closed")))
    .orderBy(desc(opportunities.best), desc(opportunities.worth), desc(opportunities.amount), asc(opportunities.kind));
  return rows.map(toOpportunityDto);
}

/** A refresh's row and the client's own figures written by the same refresh are at most this far apart. */
const SAME_REFRESH_MS = 60_000;

/**
 * The home's value and the loans at each refresh, oldest first: a row per refresh, and the client's last figures when
 * no row holds them yet (a refresh made before the rows were kept), so the latest point is always the page's own.
 */
async function historyOf(client: ClientRow) {
  const { db } = await getDatabase();
  const rows = await db
    .select({ value: clientFigures.value, balance: clientFigures.balance, refreshedAt: clientFigures.refreshedAt })
    .from(clientFigures)
    .where(eq(clientFigures.clientId, client.id))
    .orderBy(desc(clientFigures.refreshedAt))
    .limit(HISTORY_LIMIT);
  const points = rows.reverse();
  const { refreshedAt, value, balance } = client;
  const newest = points.at(-1)?.refreshedAt.getTime() ?? 0;
  if (refreshedAt && value !== null && balance !== null && refreshedAt.getTime() - newest > SAME_REFRESH_MS)
    points.push({ value, balance, refreshedAt });
  return points.map((r) => ({ ...r, refreshedAt: r.refreshedAt.toISOString() }));
}

/** What the homeowner did in the last ENGAGEMENT_DAYS days, and the monthly digests they were sent. */
async function engagementOf(homeownerId: number) {
  const { db } = await getDatabase();
  const since = sql`now() - make_interval(days => ${ENGAGEMENT_DAYS})`;
  const last = (kind: string) =>
    sql<Date | null>`max(${homeownerEvents.at}) filter (where ${homeownerEvents.kind} = ${kind})`;
  const [events] = await db
    .select({
      visitDays:
        sql<number>`count(distinct date_trunc('day', ${homeownerEvents.at})) filter (where ${homeownerEvents.kind} = 'dashboard_visit')`.mapWith(
          Number,
        ),
      lastVisit: last("dashboard_visit"),
      reportDownloads: sql<number>`count(*) filter (where ${homeownerEvents.kind} = 'report_download')`.mapWith(Number),
      lastReport: last("report_download"),
      borrowingUses: sql<number>`count(*) filter (where ${homeownerEvents.kind} = 'borrowing_used')`.mapWith(Number),
      lastBorrowing: last("borrowing_used"),
    })
    .from(homeownerEvents)
    .where(and(eq(homeownerEvents.userId, homeownerId), gt(homeownerEvents.at, since)));
  const [digests] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      last: sql<Date | null>`max(${mailDeliveries.sentAt})`,
    })
    .from(mailDeliveries)
    .where(and(eq(mailDeliveries.userId, homeownerId), eq(mailDeliveries.kind, "monthly_digest")));
  const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);
  return {
    days: ENGAGEMENT_DAYS,
    visitDays: events?.visitDays ?? 0,
    lastVisit: iso(events?.lastVisit),
    reportDownloads: events?.reportDownloads ?? 0,
    lastReport: iso(events?.lastReport),
    borrowingUses: events?.borrowingUses ?? 0,
    lastBorrowing: iso(events?.lastBorrowing),
    digests: digests?.count ?? 0,
    lastDigest: iso(digests?.last),
  };
}

/**
 * The leads from this client the user may see, newest first: the homeowner's own (their linked account, or the one
 * that accepted the officer's invitation), or by the client's email. An officer sees only leads that went to them
 * (and not one held for review), as on /leads; an admin everyone's.
 */
async function leadsOf(user: SessionUser, homeownerId: number | null, email: string | null) {
  const from = or(
    homeownerId === null ? undefined : eq(leads.homeownerId, homeownerId),
    email ? sql`lower(${leads.email}) = ${email.toLowerCase()}` : undefined,
  );
  if (!from) return [];
  const { db } = await getDatabase();
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      status: leads.status,
      source: leads.source,
      address: leads.address,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(and(from, user.role === "admin" ? undefined : and(eq(leads.officerId, user.id), isNull(leads.heldAt))))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LEADS_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function notesOf(clientId: number): Promise<ClientNote[]> {
  const { db } = await getDatabase();
  const rows = await db
    .select({
      id: clientNotes.id,
      body: clientNotes.body,
      authorName: users.name,
      authorEmail: users.email,
      createdAt: clientNotes.createdAt,
    })
    .from(clientNotes)
    .leftJoin(users, eq(users.id, clientNotes.authorId))
    .where(eq(clientNotes.clientId, clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(NOTES_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    author: r.authorName || r.authorEmail || null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * One client as their page shows them (GET /api/clients/:id and /clients/:id): contact, loan, opportunities, the
 * home's figures over time, what the homeowner did, their leads and the officer's notes. Another officer's client is a
 * 404, as a missing one. The read is one row of the activity log, counted with the session's others.
 */
export async function readClientRecord(caller: SignedIn, clientId: number, via: "api" | "page" = "api") {
  const { client, invitation } = await visibleClient(caller.user, clientId);
  const homeownerId = client.homeownerId ?? invitation?.acceptedBy ?? null;
  // What the homeowner does on their dashboard is their own officer's to see (or an admin's): another officer who
  // lists the same person and home reads the client's figures, never their visits.
  const theirs =
    homeownerId !== null &&
    (caller.user.role === "admin" || (await assignedOfficer(homeownerId))?.officerId === client.officerId);
  const [found, history, engagement, leadRows, notes] = await Promise.all([
    liveOpportunities(client.id),
    historyOf(client),
    theirs ? engagementOf(homeownerId) : null,
    leadsOf(caller.user, homeownerId, client.email),
    notesOf(client.id),
  ]);
  await recordStaffRead(caller, {
    action: "clients.read",
    bulk: "clients.export",
    count: 1,
    via,
    detail: {
      clientIds: String(client.id),
      opportunities: found.length,
      notes: notes.length,
      leadIds: idsText(leadRows.map((l) => l.id)),
    },
    subjectUserId: homeownerId ?? undefined,
    // The home's address: the homeowner who proved it sees this read in their own log.
    address: client.address,
    addressKey: client.addressKey,
  });
  return {
    ...toClientDto(client, invitation),
    opportunities: found,
    history,
    engagement,
    leads: leadRows,
    notes,
  };
}
export type ClientRecord = Awaited<ReturnType<typeof readClientRecord>>;

/** The officer's notes on a client, newest first (GET /api/clients/:id/notes): a read of the log. */
export async function readClientNotes(caller: SignedIn, clientId: number): Promise<ClientNote[]> {
  const { client } = await visibleClient(caller.user, clientId);
  const notes = await notesOf(client.id);
  await recordStaffRead(caller, {
    action: "clients.read",
    bulk: "clients.export",
    count: 1,
    via: "api",
    detail: { clientIds: String(client.id), notes: notes.length },
  });
  return notes;
}

/**
 * Keeps a note on a client as written (an edit is a new note). The activity log's row names the note, never its text:
 * the log keeps who wrote on which client and when, the note itself stays with the client.
 */
export async function addClientNote(caller: SignedIn, clientId: number, body: string): Promise<ClientNote> {
  const { client } = await visibleClient(caller.user, clientId);
  const { db } = await getDatabase();
  const [row] = await db
    .insert(clientNotes)
    .values({ clientId: client.id, authorId: caller.user.id, body })
    .returning({ id: clientNotes.id, createdAt: clientNotes.createdAt });
  void audit({ action: "client.note", ...by(caller), detail: { clientId: client.id, noteId: row!.id } });
  return {
    id: row!.id,
    body,
    author: caller.user.name || caller.user.email,
    createdAt: row!.createdAt.toISOString(),
  };
}
