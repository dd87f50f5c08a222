import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDatabase, type Database } from "@/lib/db";
import { valuationSnapshots } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { EstimatePoint } from "./records-dto";

/**
 * Every estimate the app receives is kept, one per home and estimate date, so a home's page can draw how its value
 * moved month by month. Written after the answer: a snapshot that cannot be written costs a point, never a request.
 */

interface Snapshot extends EstimatePoint {
  confidence?: number | null;
}

/** Stores an estimate of a home, replacing the one of the same date. */
export async function saveSnapshot(db: Database, addressKey: string, s: Snapshot): Promise<void> {
  const row = {
    value: Math.round(s.value),
    low: Math.round(s.low),
    high: Math.round(s.high),
    confidence: s.confidence ?? null,
  };
  await db
    .insert(valuationSnapshots)
    .values({ addressKey, valuationDate: s.date, ...row })
    .onConflictDoUpdate({
      target: [valuationSnapshots.addressKey, valuationSnapshots.valuationDate],
      set: { ...row, receivedAt: sql`now()` },
    });
}

/** A home's estimates, oldest first. */
export async function snapshotsIn(db: Database, addressKey: string): Promise<EstimatePoint[]> {
  return db
    .select({
      date: valuationSnapshots.valuationDate,
      value: valuationSnapshots.value,
      low: valuationSnapshots.low,
      high: valuationSnapshots.high,
    })
    .from(valuationSnapshots)
    .where(eq(valuationSnapshots.addressKey, addressKey))
    .orderBy(asc(valuationSnapshots.valuationDate));
}

// Writes under way in this process, whichever route bundle started them.
const globalForSnapshots = globalThis as unknown as { snapshotWrites?: Set<Promise<void>> };
const pending = () => (globalForSnapshots.snapshotWrites ??= new Set());

/** Starts keeping an estimate without waiting for it; failures are logged. */
export function recordSnapshot(addressKey: string, s: Snapshot): void {
  const write = (async () => saveSnapshot((await getDatabase()).db, addressKey, s))().catch((error: unknown) =>
    log.warn({ err: error, addressKey }, "snapshots: could not keep an estimate"),
  );
  pending().add(write);
  void write.finally(() => pending().delete(write));
}

/** Resolves once every estimate recorded so far in this process is written (for readers, and for `after()`). */
export async function snapshotsSettled(): Promise<void> {
  await Promise.all([...pending()]);
}

/** A home's estimates as kept, once the writes this process started have landed. */
export async function estimateHistory(addressKey: string): Promise<EstimatePoint[]> {
  await snapshotsSettled();
  return snapshotsIn((await getDatabase()).db, addressKey);
}
