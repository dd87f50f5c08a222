import "server-only";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { clientFigures, clients, opportunities } from "@/lib/db/schema";
import { emitEvents } from "@/lib/webhooks/events";
import {
  ltvOf,
  availableAt,
  opportunitiesFor,
  DISMISS_REASONS,
  type DismissReason,
  type Opportunity,
  type OpportunityKind,
  type Thresholds,
} from "@/lib/portfolio/opportunities";
import { audit, by, type AuditActor } from "@/lib/services/audit/log";
import { clientOf, toOpportunityDto, visibleTo, type ClientRow } from "./clients";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { invite } from "@/lib/services/identity/invitations";
import { equitySummary } from "@/lib/services/homes/properties";
import { markBest } from "./mark-best";
import { movedPastDismissal, thresholds } from "./org-thresholds";

export { thresholds };

type SignedIn = Caller & { user: SessionUser };

/** How many clients one "refresh all" refreshes (the least recently refreshed first): each may cost a billable call. */
export const REFRESH_ALL_LIMIT = 25;

export type OpportunityStatus = "open" | "contacted" | "dismissed";

/**
 * Refreshes one client: the home equity summary (the service's estimate with its loans on record; one billable call,
 * none while cached) through the gateway, the figures stored, and the opportunities computed again. The read of the
 * home's loans and equity is a row of the log with its address, so its homeowner sees it; the monthly job's names the
 * officer whose client it is (`scheduledFor`), as the job reads for them.
 */
export async function refresh(caller: Caller, client: ClientRow, t: Thresholds, scheduledFor?: AuditActor) {
  const equity = await equitySummary(caller, client.address, t.maxLtv);
  void audit({
    action: scheduledFor ? "client.refresh.scheduled" : "client.refresh",
    ...(scheduledFor ? { actor: scheduledFor } : by(caller)),
    address: client.address,
    addressKey: client.addressKey,
    detail: { clientId: client.id, ...(scheduledFor ? { scheduled: true } : {}) },
  });
  // The records' loans when they show any; otherwise the balance the officer knows from closing.
  const balance = Math.round(equity.totalLoanBalance > 0 ? equity.totalLoanBalance : (client.loanBalance ?? 0));
  const value = Math.round(equity.estimate);
  // "Since the last refresh" means since the value last changed: a refresh that reads the same value keeps the move.
  const previousValue = client.value !== null && client.value !== value ? client.value : client.previousValue;
  const figures = { value, balance };
  // One instant for the refresh and what it opens: an opportunity is "new" when it opened with the latest refresh.
  const now = new Date();
  const found = opportunitiesFor(
    {
      ...figures,
      previousValue,
      loanType: client.loanType,
      noteRate: client.noteRate,
      originalLoanAmount: client.originalLoanAmount,
      originalValue: client.originalValue,
      mortgageInsurance: client.mortgageInsurance,
      closingDate: client.closingDate,
      termMonths: client.termMonths,
      today: now.toISOString().slice(0, 10),
    },
    t,
  );
  const available = availableAt(figures, t.maxLtv);
  const { db } = await getDatabase();
  // The client's first refresh (after an import or an addition) finds the starting list: none of it is "new".
  const baseline = client.refreshedAt === null;
  const added: (Opportunity & { id: number })[] = [];
  await db.transaction(async (tx) => {
    await tx
      .update(clients)
      .set({
        value,
        balance,
        ltv: ltvOf(figures),
        availableEquity: available,
        previousValue,
        refreshedAt: now,
        updatedAt: now,
      })
      .where(eq(clients.id, client.id));
    await tx.insert(clientFigures).values({ clientId: client.id, value, balance, refreshedAt: now });
    const live = await tx
      .select()
      .from(opportunities)
      .where(and(eq(opportunities.clientId, client.id), ne(opportunities.status, "closed")));
    for (const o of found) {
      const kept = live.find((l) => l.kind === o.kind);
      // A dismissed one opens again, new, once its figures moved past the thresholds since it was dismissed.
      if (
        kept?.status === "dismissed" &&
        movedPastDismissal(
          kept.dismissedFigures,
          { value, available, maxLtv: t.maxLtv, currentRate: t.currentRate, fromRecords: equity.totalLoanBalance > 0 },
          t,
        )
      ) {
        await tx
          .update(opportunities)
          .set({
            status: "open",
            reason: o.reason,
            figures: o.figures,
            amount: available,
            worth: o.worth,
            baseline: false,
            openedAt: now,
            dismissReason: null,
            dismissedAt: null,
            dismissedFigures: null,
            updatedAt: now,
          })
          .where(eq(opportunities.id, kept.id));
        added.push({ ...o, id: kept.id });
      } else if (kept)
        // Otherwise a contacted or dismissed one keeps its status: only its reason and figures follow the new refresh.
        await tx
          .update(opportunities)
          .set({ reason: o.reason, figures: o.figures, amount: available, worth: o.worth, updatedAt: now })
          .where(eq(opportunities.id, kept.id));
      else {
        const [row] = await tx
          .insert(opportunities)
          .values({
            clientId: client.id,
            kind: o.kind,
            reason: o.reason,
            figures: o.figures,
            amount: available,
            worth: o.worth,
            baseline,
            openedAt: now,
          })
          .returning({ id: opportunities.id });
        added.push({ ...o, id: row!.id });
      }
    }
    // Engagement is the homeowner's doing, not the refresh's: it is kept or closed by its own daily check.
    const gone = live.filter((l) => l.kind !== "engagement" && !found.some((o) => o.kind === l.kind)).map((l) => l.id);
    if (gone.length)
      await tx.update(opportunities).set({ status: "closed", updatedAt: now }).where(inArray(opportunities.id, gone));
    await markBest(tx, client.id);
  });
  // The lender's CRM hears of the refresh and of each opportunity it found new: ids and figures, no loan numbers.
  await emitEvents([
    {
      type: "client.refreshed",
      data: {
        clientId: client.id,
        officerId: client.officerId,
        value,
        ltv: ltvOf(figures),
        availableEquity: available,
        opportunities: found.map((o) => o.kind),
        scheduled: !!scheduledFor,
      },
    },
    ...added.map((o) => ({
      type: "opportunity.found" as const,
      data: {
        opportunityId: o.id,
        clientId: client.id,
        officerId: client.officerId,
        kind: o.kind,
        reason: o.reason,
        amount: available,
        worth: o.worth,
        baseline,
        figures: o.figures,
      },
    })),
  ]);
  return { value, balance, ltv: ltvOf(figures), availableEquity: available, opportunities: found.map((o) => o.kind) };
}

export async function refreshClient(caller: SignedIn, id: number) {
  const client = await clientOf(caller.user, id);
  return { id, ...(await refresh(caller, client, await thresholds())) };
}

/**
 * Refreshes up to REFRESH_ALL_LIMIT of the user's clients, the least recently refreshed first. A client whose home the
 * service cannot value is reported and skipped; once the caller's allowance of calls is spent, the run stops there.
 */
export async function refreshAll(caller: SignedIn) {
  const { db } = await getDatabase();
  const due = await db
    .select()
    .from(clients)
    .where(visibleTo(caller.user))
    .orderBy(sql`${clients.refreshedAt} asc nulls first`, asc(clients.id))
    .limit(REFRESH_ALL_LIMIT);
  const t = await thresholds();
  let refreshed = 0;
  const failed: { id: number; name: string; error: string }[] = [];
  let stopped: string | null = null;
  for (const client of due) {
    try {
      await refresh(caller, client, t);
      refreshed++;
    } catch (error) {
      if (!AppError.is(error)) throw error;
      if (error.status === 429 || error.status === 503) {
        stopped = error.message;
        break;
      }
      failed.push({ id: client.id, name: `${client.firstName} ${client.lastName}`, error: error.message });
    }
  }
  return { refreshed, failed, stopped, limit: REFRESH_ALL_LIMIT };
}

/** The user's opportunities (everyone's for an admin), the most money first, filtered by kind and status. */
export async function listOpportunities(
  user: SessionUser,
  filter: { kind?: OpportunityKind; status?: OpportunityStatus } = {},
  limit = 500,
) {
  const { db } = await getDatabase();
  const rows = await db
    .select({
      o: opportunities,
      name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      address: clients.address,
    })
    .from(opportunities)
    .innerJoin(clients, eq(clients.id, opportunities.clientId))
    .where(
      and(
        visibleTo(user),
        filter.status ? eq(opportunities.status, filter.status) : ne(opportunities.status, "closed"),
        filter.kind ? eq(opportunities.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(desc(opportunities.amount), asc(opportunities.id))
    .limit(limit);
  // Whether the client's first refresh found it (the starting list after an import, never "new").
  return rows.map(({ o, name, address }) => ({ ...toOpportunityDto(o), baseline: o.baseline, client: name, address }));
}
export type OpportunityDto = Awaited<ReturnType<typeof listOpportunities>>[number];

/**
 * Marks an opportunity contacted, dismissed (with a reason: it stays dismissed until its figures move past the
 * thresholds) or open again; one that no longer applies cannot be changed. Each change is a row of the activity log.
 */
export async function setOpportunityStatus(
  caller: SignedIn,
  id: number,
  change: { status: OpportunityStatus; reason?: DismissReason; note?: string },
) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ o: opportunities, value: clients.value })
    .from(opportunities)
    .innerJoin(clients, eq(clients.id, opportunities.clientId))
    .where(and(eq(opportunities.id, id), visibleTo(caller.user)));
  if (!row) throw new AppError({ code: "not_found", message: "No opportunity of yours has this id." });
  if (row.o.status === "closed")
    throw new AppError({ code: "closed", message: "This opportunity no longer applies since the last refresh." });
  const { status } = change;
  const dismissed = status === "dismissed";
  const t = await thresholds();
  // The officer's own words after the reason, when they gave any.
  const reason = dismissed ? `${DISMISS_REASONS[change.reason!]}${change.note ? `: ${change.note}` : ""}` : null;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(opportunities)
      .set({
        status,
        dismissReason: reason,
        dismissedAt: dismissed ? now : null,
        dismissedFigures: dismissed
          ? { value: row.value, available: row.o.amount, maxLtv: t.maxLtv, currentRate: t.currentRate }
          : null,
        updatedAt: now,
      })
      .where(eq(opportunities.id, id));
    // A dismissed one gives the best action to the next; one worked again may take it back.
    await markBest(tx, row.o.clientId);
  });
  void audit({
    action: dismissed ? "opportunity.dismiss" : "opportunity.mark",
    ...by(caller),
    detail: {
      opportunityId: id,
      clientId: row.o.clientId,
      kind: row.o.kind,
      status,
      ...(dismissed ? { reason: change.reason!, note: change.note ?? null } : {}),
    },
  });
  return { id, status, dismissReason: reason };
}

/** Invites a client to their home's dashboard with the ownership invitation (the deed must name them). */
export async function inviteClient(caller: SignedIn, id: number) {
  const client = await clientOf(caller.user, id);
  if (!client.email)
    throw new AppError({
      code: "invalid_request",
      message: "email: add the client's email before inviting them",
      fields: {
        email: "is required to invite",
      },
    });
  const sent = await invite(caller, {
    firstName: client.firstName,
    lastName: client.lastName,
    address: client.address,
    email: client.email,
  });
  const { db } = await getDatabase();
  await db.update(clients).set({ invitationId: sent.id, updatedAt: new Date() }).where(eq(clients.id, id));
  return sent;
}
