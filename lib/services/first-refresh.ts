import "server-only";
import { and, inArray, isNotNull, isNull } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { clients } from "@/lib/db/schema";
import { budgetState } from "./monitoring";

/**
 * The first refresh of clients never valued (an import's, the demo portfolio's): queued at once as the month's
 * scheduled refresh of each, as many as the month's budget has room for (the rest wait for their day of the month).
 * Each is marked queued until its job ran, which is what the page's "refreshing 37 of 120" counts. Returns how many.
 */
export async function queueFirstRefreshes(clientIds: number[]): Promise<number> {
  if (clientIds.length === 0) return 0;
  const state = await budgetState();
  const room = Math.max(0, state.budget - state.spent);
  if (room === 0) return 0;
  const { db } = await getDatabase();
  const queued = await db
    .update(clients)
    .set({ refreshQueuedAt: new Date() })
    .where(and(inArray(clients.id, clientIds), isNull(clients.refreshedAt), isNull(clients.refreshQueuedAt)))
    .returning({ id: clients.id });
  const ids = queued.map((row) => row.id).slice(0, room);
  const over = queued.slice(room).map((row) => row.id);
  if (over.length) await db.update(clients).set({ refreshQueuedAt: null }).where(inArray(clients.id, over));
  await sendRefreshJobs(ids, state.period);
  return ids.length;
}

/**
 * Queues again the first refreshes marked and not run (a restart between the mark and the job, or the demo portfolio
 * seeded before the job engine started): the job's key makes a second send of one still waiting a no-op.
 */
export async function resumeFirstRefreshes(): Promise<number> {
  const { db } = await getDatabase();
  const waiting = await db.select({ id: clients.id }).from(clients).where(isNotNull(clients.refreshQueuedAt));
  await sendRefreshJobs(
    waiting.map((row) => row.id),
    (await budgetState()).period,
  );
  return waiting.length;
}

async function sendRefreshJobs(ids: number[], period: string) {
  if (ids.length === 0) return;
  // lib/jobs runs the services (refreshes among them): imported when needed, not at the top, to keep out of a circle.
  const { jobs } = await import("@/lib/jobs");
  const engine = await jobs();
  for (const clientId of ids) await engine.send("client-refresh", { clientId, period }, { key: `${clientId}:${period}` });
}
