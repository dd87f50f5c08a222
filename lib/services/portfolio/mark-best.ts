import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { opportunities } from "@/lib/db/schema";
import { bestOf } from "@/lib/portfolio/best";

/**
 * Marks a client's one best action (lib/portfolio/best.ts): `best` on the live opportunity being worked that is worth
 * the most to them, off on every other of theirs. Run in the transaction that changed them (a refresh, a status
 * change, the daily engagement check). Every row of the client is written, not only the ones that change: a second
 * transaction marking the same client waits for the first's row locks and then overwrites all of them, so two never
 * leave two best.
 */
export async function markBest(db: Pick<Database, "select" | "update">, clientId: number): Promise<number | null> {
  const live = await db
    .select({
      id: opportunities.id,
      kind: opportunities.kind,
      status: opportunities.status,
      worth: opportunities.worth,
      amount: opportunities.amount,
    })
    .from(opportunities)
    .where(and(eq(opportunities.clientId, clientId), ne(opportunities.status, "closed")));
  const best = bestOf(live)?.id ?? null;
  await db
    .update(opportunities)
    .set({ best: best === null ? false : sql`${opportunities.id} = ${best}` })
    .where(eq(opportunities.clientId, clientId));
  return best;
}
