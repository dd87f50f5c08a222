import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { groupCommit } from "@/lib/db/group-commit";
import { insertRowsStatement } from "@/lib/db/insert-rows";
import { env } from "@/lib/env";
import { upstreamCalls, users } from "@/lib/db/schema";
import type { Operation } from "@/lib/property-api";
import { log } from "@/lib/log";
import { dbInsert, inSpan } from "@/lib/observability/trace";

export type Outcome = (typeof upstreamCalls.$inferInsert)["outcome"];

export const hashKey = (key: string) => createHash("md5").update(key).digest("hex");

type MeterRow = typeof upstreamCalls.$inferInsert & { requests: number };
interface Batch {
  rows: MeterRow[];
  /** The batch's rows of free answers, by who asked what with which outcome: a repeat adds to its row's count. */
  free: Map<string, MeterRow>;
}
// Free answers are nearly every request under load (every dashboard view reads three cached answers); one row each
// made the inserts a twentieth of a cached page's work on PGlite. They are counted instead, one row per kind a batch.
const FREE: ReadonlySet<Outcome> = new Set<Outcome>(["hit", "coalesced"]);
// How long PGlite's inserts gather rows after the first of a busy spell: at most ~10 inserts a second.
const PGLITE_GATHER_MS = 100;

const queue = groupCommit<Batch>("meter", {
  empty: () => ({ rows: [], free: new Map() }),
  gatherMs: () => (env.DATABASE_URL ? 0 : PGLITE_GATHER_MS),
  write: async ({ rows }) => {
    const { db } = await getDatabase();
    await inSpan(
      "db meter.flush",
      { kind: "client", root: true, attributes: dbInsert("upstream_calls", rows.length) },
      async () => {
        await db.execute(insertRowsStatement(upstreamCalls, rows)!);
      },
    );
  },
  failed: (error, { rows }) => log.error({ err: error, rows: rows.length }, "meter: could not record upstream calls"),
});

/**
 * Records one request that could have reached the service, and resolves once the row is written: a request is not
 * answered before its meter row is safe. Rows are group-committed (lib/db/group-commit.ts): under load the database
 * sees a few inserts a second instead of one per request. Free answers alike in a batch share a row that counts them
 * (`requests`). Metering never fails the request it records.
 */
export function meter(entry: {
  userId?: number;
  siteId?: number;
  operation: Operation;
  key: string;
  label?: string;
  outcome: Outcome;
  billable: number;
}): Promise<void> {
  const kind =
    FREE.has(entry.outcome) && entry.billable === 0
      ? `${entry.userId}|${entry.siteId}|${entry.operation}|${entry.outcome}|${entry.key}|${entry.label}`
      : undefined;
  return queue.add((batch) => {
    const same = kind === undefined ? undefined : batch.free.get(kind);
    if (same) {
      same.requests += 1;
      return;
    }
    const row: MeterRow = {
      userId: entry.userId ?? null,
      siteId: entry.siteId ?? null,
      operation: entry.operation,
      addressHash: hashKey(entry.key),
      addressLabel: entry.label ?? null,
      outcome: entry.outcome,
      billable: entry.billable,
      requests: 1,
    };
    batch.rows.push(row);
    if (kind !== undefined) batch.free.set(kind, row);
  });
}

/**
 * Resolves once every row recorded so far in this process is written. Readers of the meter wait for it (so a count
 * includes this process's latest requests); routes and pages hand it to Next.js's `after()`, which a stopping server
 * waits for, so rows recorded without being awaited are not lost on SIGTERM.
 */
export const meterSettled = (): Promise<void> => queue.settled();

/** Billable requests of the rows in a group. */
const billableSum = () => sql<number>`coalesce(sum(${upstreamCalls.billable}), 0)`.mapWith(Number);

/**
 * Requests of the rows in a group with these outcomes (all when none are named): a row of free answers counts several.
 */
const requestsOf = (...outcomes: Outcome[]) => {
  const only = outcomes.length ? sql` filter (where ${inArray(upstreamCalls.outcome, outcomes)})` : sql``;
  return sql<number>`coalesce(sum(${upstreamCalls.requests})${only}, 0)`.mapWith(Number);
};

export interface UsageRow {
  operation: string;
  upstreamCalls: number;
  billableRequests: number;
  cacheHits: number;
  stale: number;
  errors: number;
}

async function usageSince(since: Date | undefined): Promise<UsageRow[]> {
  await meterSettled();
  const { db } = await getDatabase();
  const rows = await db
    .select({
      operation: upstreamCalls.operation,
      upstreamCalls: requestsOf("miss", "error"),
      billableRequests: billableSum(),
      cacheHits: requestsOf(...FREE),
      stale: requestsOf("stale"),
      errors: requestsOf("error"),
    })
    .from(upstreamCalls)
    .where(since ? gte(upstreamCalls.createdAt, since) : undefined)
    .groupBy(upstreamCalls.operation)
    .orderBy(upstreamCalls.operation);
  return rows;
}

/** Upstream calls and cache hits per operation, today (UTC) and in total. */
export async function usageSummary() {
  const [todayRows, totalRows] = await Promise.all([usageSince(startOfTodayUtc()), usageSince(undefined)]);
  return { today: todayRows, total: totalRows };
}

/** How many of a user's newest calls "Your recent lookups" reads its addresses from. */
const RECENT_CALLS_READ = 500;

/**
 * The addresses a user read, last read first, each once however many calls it took ("Your recent lookups"): the
 * standardized address is the row's label, so another spelling of one address is the same entry.
 */
export async function recentAddresses(userId: number, limit = 8): Promise<{ address: string; at: Date }[]> {
  await meterSettled();
  const { db } = await getDatabase();
  // Among the user's newest calls only (their index's order): a whole history of imports is not grouped per page view.
  const newest = db
    .select({ address: upstreamCalls.addressLabel, at: upstreamCalls.createdAt })
    .from(upstreamCalls)
    .where(and(eq(upstreamCalls.userId, userId), sql`${upstreamCalls.addressLabel} is not null`))
    .orderBy(desc(upstreamCalls.createdAt))
    .limit(RECENT_CALLS_READ)
    .as("newest");
  const last = sql<string>`max(${newest.at})`;
  const rows = await db
    .select({ address: sql<string>`${newest.address}`, at: last })
    .from(newest)
    .groupBy(newest.address)
    .orderBy(desc(last))
    .limit(limit);
  return rows.map((row) => ({ address: row.address, at: new Date(row.at) }));
}

function startOfTodayUtc(): Date {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return today;
}

async function billableToday(who: SQL): Promise<number> {
  await meterSettled();
  const { db } = await getDatabase();
  const [row] = await db
    .select({ total: billableSum() })
    .from(upstreamCalls)
    .where(and(who, gte(upstreamCalls.createdAt, startOfTodayUtc())));
  return row?.total ?? 0;
}

/** Billable requests a user spent today (UTC). */
export const userSpentToday = (userId: number) => billableToday(eq(upstreamCalls.userId, userId));

/** Billable requests a widget site spent today (UTC): what its daily budget counts. */
export const siteSpentToday = (siteId: number) => billableToday(eq(upstreamCalls.siteId, siteId));

/** Billable requests and cache hits per day (UTC), for the last `days` days. */
export async function usageByDay(days = 14) {
  await meterSettled();
  const { db } = await getDatabase();
  const since = new Date(Date.now() - days * 86_400_000);
  const day = sql<string>`to_char(date_trunc('day', ${upstreamCalls.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      billable: billableSum(),
      hits: requestsOf(...FREE),
      requests: requestsOf(),
    })
    .from(upstreamCalls)
    .where(gte(upstreamCalls.createdAt, since))
    .groupBy(day)
    .orderBy(day);
}

/** Billable requests and cache hits per user, most spent first. */
export async function usageByUser() {
  await meterSettled();
  const { db } = await getDatabase();
  return db
    .select({
      email: sql<string>`coalesce(${users.email}, 'widget or system')`,
      billable: billableSum(),
      hits: requestsOf(...FREE),
      requests: requestsOf(),
    })
    .from(upstreamCalls)
    .leftJoin(users, eq(users.id, upstreamCalls.userId))
    .groupBy(users.email)
    .orderBy(desc(billableSum()))
    .limit(50);
}
