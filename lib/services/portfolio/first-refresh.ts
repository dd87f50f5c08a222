import "server-only";
import { and, count, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { getDatabase, LOCKS } from "@/lib/db";
import { clientRefreshes, clients } from "@/lib/db/schema";
import { monthOf } from "./digests";
import { refreshBudget } from "./monitoring";

/**
 * The share of the month's refresh budget one officer's first refreshes may take at once: an import of 2,000 clients
 * does not spend everyone's month in a minute (the rest of their clients wait for their day of the month, as anyone's).
 */
export const FIRST_REFRESH_SHARE = 0.25;

/**
 * The first refresh of an officer's clients never valued (an import's, the demo portfolio's): each claimed at once as
 * the client's scheduled refresh of the month, under the budget's lock (as the monthly job's claims are), as many as
 * the month's budget and the officer's share of it have room for, then queued. A claimed client is marked queued until
 * its job ran, which is what the page's "refreshing 37 of 120" counts. Returns how many were claimed and queued.
 */
export async function queueFirstRefreshes(officerId: number, clientIds: number[]): Promise<number> {
  if (clientIds.length === 0) return 0;
  const period = monthOf(new Date());
  const budget = await refreshBudget();
  const { db } = await getDatabase();
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.refreshBudget})`);
    const [[all], [mine]] = await Promise.all([
      tx.select({ n: count() }).from(clientRefreshes).where(eq(clientRefreshes.period, period)),
      tx
        .select({ n: count() })
        .from(clientRefreshes)
        .innerJoin(clients, eq(clients.id, clientRefreshes.clientId))
        .where(and(eq(clientRefreshes.period, period), eq(clients.officerId, officerId))),
    ]);
    const room = Math.min(budget - all!.n, Math.ceil(budget * FIRST_REFRESH_SHARE) - mine!.n);
    if (room <= 0) return [];
    const due = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          inArray(clients.id, clientIds),
          eq(clients.officerId, officerId),
          isNull(clients.refreshedAt),
          notExists(
            tx
              .select()
              .from(clientRefreshes)
              .where(and(eq(clientRefreshes.clientId, clients.id), eq(clientRefreshes.period, period))),
          ),
        ),
      )
      .orderBy(clients.id)
      .limit(room);
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return [];
    await tx
      .insert(clientRefreshes)
      .values(ids.map((clientId) => ({ clientId, period })))
      .onConflictDoNothing();
    await tx.update(clients).set({ refreshQueuedAt: new Date() }).where(inArray(clients.id, ids));
    return ids;
  });
  await sendRefreshJobs(claimed, period);
  return claimed.length;
}

/** Every client of an officer never refreshed, queued for a first refresh as above (the demo officer's, at start). */
export async function queueFirstRefreshesOf(officerId: number): Promise<number> {
  const { db } = await getDatabase();
  const waiting = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.officerId, officerId), isNull(clients.refreshedAt)));
  return queueFirstRefreshes(
    officerId,
    waiting.map((row) => row.id),
  );
}

/**
 * Queues again the first refreshes claimed and not run (a restart between the claim and the job): the job's key makes
 * a second send of one still waiting a no-op, and its claim makes it spend no second unit of the budget.
 */
export async function resumeFirstRefreshes(): Promise<number> {
  const { db } = await getDatabase();
  const waiting = await db.select({ id: clients.id }).from(clients).where(isNotNull(clients.refreshQueuedAt));
  await sendRefreshJobs(
    waiting.map((row) => row.id),
    monthOf(new Date()),
  );
  return waiting.length;
}

async function sendRefreshJobs(ids: number[], period: string) {
  if (ids.length === 0) return;
  // lib/jobs runs the services (refreshes among them): imported when needed, not at the top, to keep out of a circle.
  const { jobs } = await import("@/lib/jobs");
  const engine = await jobs();
  for (const clientId of ids)
    await engine.send("client-refresh", { clientId, period }, { key: `${clientId}:${period}` });
}
