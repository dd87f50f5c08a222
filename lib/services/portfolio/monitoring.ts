import "server-only";
import { and, count, eq, isNotNull, notExists, sql } from "drizzle-orm";
import { getDatabase, LOCKS } from "@/lib/db";
import { clientRefreshes, clients, settings, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { audit } from "@/lib/services/audit/log";
import { monthOf } from "./digests";
import { refresh, thresholds } from "./portfolio";

/**
 * Monitoring of the client portfolio: every client's value and equity refreshed once a month, spread over the month,
 * within a monthly budget an admin sets. Each scheduled refresh is one home equity summary through the gateway (one
 * billable call at most, none when cached), so the budget counts refreshes: a cached one spends a unit it did not cost,
 * which keeps the budget on the safe side.
 */

const BUDGET_KEY = "refresh_budget_monthly";

/** A client's day of the month (1–28): the portfolio is spread over the month, the same day every month. */
export const refreshDayOf = (clientId: number) => (clientId % 28) + 1;

export async function refreshBudget(): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(settings).where(eq(settings.key, BUDGET_KEY));
  return row?.numberValue ?? env.REFRESH_BUDGET_MONTHLY;
}

export async function setRefreshBudget(value: number): Promise<void> {
  const { db } = await getDatabase();
  await db
    .insert(settings)
    .values({ key: BUDGET_KEY, numberValue: value })
    .onConflictDoUpdate({ target: settings.key, set: { numberValue: value, updatedAt: new Date() } });
  void audit({ action: "settings.change", detail: { setting: "refresh_budget", value } });
}

export interface BudgetState {
  period: string;
  budget: number;
  /** Scheduled refreshes made this month. */
  spent: number;
  /** Clients whose day has come this month and who wait for a refresh: for the budget, when it is spent. */
  waiting: number;
}

const notRefreshedIn = (period: string) =>
  notExists(
    sql`(select 1 from ${clientRefreshes} where ${clientRefreshes.clientId} = ${clients.id} and ${clientRefreshes.period} = ${period})`,
  );
const dayHasCome = (day: number) => sql`(${clients.id} % 28) + 1 <= ${day}`;

export async function budgetState(now = new Date()): Promise<BudgetState> {
  const period = monthOf(now);
  const { db } = await getDatabase();
  const [[spent], [waiting], budget] = await Promise.all([
    db.select({ n: count() }).from(clientRefreshes).where(eq(clientRefreshes.period, period)),
    db
      .select({ n: count() })
      .from(clients)
      .where(and(dayHasCome(now.getUTCDate()), notRefreshedIn(period))),
    refreshBudget(),
  ]);
  return { period, budget, spent: spent!.n, waiting: waiting!.n };
}

/**
 * The clients whose day of the month has come (`all`: every one) and who have not been refreshed this month, the
 * least recently refreshed first, at most `limit`.
 */
export async function dueClients(now: Date, limit: number, all = false): Promise<number[]> {
  if (limit <= 0) return [];
  const { db } = await getDatabase();
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(all ? undefined : dayHasCome(now.getUTCDate()), notRefreshedIn(monthOf(now))))
    .orderBy(sql`${clients.refreshedAt} asc nulls first`, clients.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * One client's scheduled refresh for a month, at most once. The month's row is claimed first, only while the budget
 * has room (several workers may each pass the count at the same instant: the budget can be overrun by as many refreshes
 * as run at once), and marked done after. A claim not done is a refresh cut off midway (its process stopped): the job
 * runs again and finishes it, spending no second unit of the budget. A refresh that fails gives its claim back.
 */
export async function refreshScheduled(
  clientId: number,
  period: string,
): Promise<"refreshed" | "already refreshed" | "over budget" | "gone"> {
  const { db } = await getDatabase();
  try {
    return await claimAndRefresh(clientId, period);
  } finally {
    // A first refresh an import queued has run, whatever came of it: the page's progress line moves on (a failed one is
    // tried again by the job's retries, and counts as done once it succeeds).
    await db
      .update(clients)
      .set({ refreshQueuedAt: null })
      .where(and(eq(clients.id, clientId), isNotNull(clients.refreshQueuedAt)));
  }
}

async function claimAndRefresh(
  clientId: number,
  period: string,
): Promise<"refreshed" | "already refreshed" | "over budget" | "gone"> {
  const { db } = await getDatabase();
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  // The job reads the home for the officer whose client it is: the log names them (their clients go with their
  // account).
  const [officer] = client
    ? await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, client.officerId))
    : [];
  if (!client || !officer) return "gone";
  const where = and(eq(clientRefreshes.clientId, clientId), eq(clientRefreshes.period, period));
  const [existing] = await db.select({ done: clientRefreshes.done }).from(clientRefreshes).where(where);
  if (existing?.done) return "already refreshed";
  if (!existing) {
    const budget = await refreshBudget();
    // The budget is reserved before the call: a claim counts from when it is written, done or not. Claims take turns
    // under a lock held for their transaction, so the workers of every process each count the claims written before
    // theirs (without it, two inserts at once each miss the other's and the month goes over budget).
    const claimed = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.refreshBudget})`);
      return tx.execute(sql`
        insert into ${clientRefreshes} (client_id, period)
        select ${clientId}, ${period}
        where (select count(*) from ${clientRefreshes} where period = ${period}) < ${budget}
        on conflict do nothing
        returning client_id`);
    });
    // postgres-js answers the rows themselves, PGlite an object holding them.
    const rows = Array.isArray(claimed) ? claimed : (claimed as { rows: unknown[] }).rows;
    if (rows.length === 0) return "over budget";
  }
  try {
    await refresh({ ip: "job" }, client, await thresholds(), officer);
  } catch (error) {
    await db.delete(clientRefreshes).where(where);
    log.warn({ err: error, clientId, period }, "monitoring: refresh failed; it will be tried again");
    throw error;
  }
  await db.update(clientRefreshes).set({ done: true }).where(where);
  return "refreshed";
}
