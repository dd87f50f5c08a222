import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { env } from "@/lib/env";

/**
 * This process's metrics, for Prometheus to scrape at `GET /api/metrics`. Each instance counts and answers for itself
 * (Prometheus scrapes every instance and adds them up). With METRICS_TOKEN unset nothing is created or counted: every
 * function here returns at once. Labels take a bounded set of values (route patterns, operations, outcomes, limiter
 * names, reasons the code names); never an address, an account, a key or a URL.
 */
export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status">;
  upstreamCalls: Counter<"operation" | "outcome">;
  upstreamBillable: Counter<"operation">;
  rateLimitRefusals: Counter<"limiter">;
  signInFailures: Counter<"action" | "method" | "reason">;
  signInThrottles: Counter<"kind">;
  /**
   * Activity-log rows the database refused, each set aside in app.audit_dead_letters (or only logged, if that failed
   * too).
   */
  auditDeadLetters: Counter<"stored">;
  /** Set when scraped (lib/services/platform/metrics.ts): they need a query. */
  jobs: Gauge<"queue" | "state">;
  databaseUp: Gauge<"database">;
  databasePingSeconds: Gauge<"database">;
  databasePoolMax: Gauge<"database">;
  collectorUp: Gauge<"collector">;
}

/** A Redis connection as far as its status goes (ioredis: "ready" once connected, "reconnecting" while it is away). */
interface RedisLike {
  status: string;
}

// One registry per process, whichever route bundle counts (Next.js loads modules once per route).
const globalForMetrics = globalThis as unknown as {
  appMetrics?: AppMetrics | null;
  redisConnections?: Map<string, RedisLike>;
};
const redisConnections = (globalForMetrics.redisConnections ??= new Map());

function create(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Node's own: CPU, memory, heap spaces, event loop lag, handles, garbage collection.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "redis_up",
    help: "Whether this process's connection to Redis is ready (1) or not (0), per connection; absent without REDIS_URL",
    labelNames: ["connection"],
    registers,
    collect() {
      for (const [connection, redis] of redisConnections) this.set({ connection }, redis.status === "ready" ? 1 : 0);
    },
  });
  return {
    registry,
    requestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an API request, by route pattern, method and status",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    upstreamCalls: new Counter({
      name: "upstream_calls_total",
      help: "Requests for the property data service's answers, by operation and outcome (hit, miss, coalesced, stale, failed)",
      labelNames: ["operation", "outcome"],
      registers,
    }),
    upstreamBillable: new Counter({
      name: "upstream_billable_requests_total",
      help: "Billable requests spent at the property data service, by operation",
      labelNames: ["operation"],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused by a rate limit or budget, by limiter",
      labelNames: ["limiter"],
      registers,
    }),
    signInFailures: new Counter({
      name: "sign_in_failures_total",
      help: "Refused sign-ins and second factors, by step, method and reason",
      labelNames: ["action", "method", "reason"],
      registers,
    }),
    signInThrottles: new Counter({
      name: "sign_in_throttled_total",
      help: "Sign-in and code attempts that had to wait (the throttle's key kind: email, ip, device, code, code-ip)",
      labelNames: ["kind"],
      registers,
    }),
    auditDeadLetters: new Counter({
      name: "audit_dead_letters_total",
      help: "Activity-log rows the database refused, set aside on their own (stored: whether app.audit_dead_letters kept the row)",
      labelNames: ["stored"],
      registers,
    }),
    jobs: new Gauge({
      name: "background_jobs",
      help: "Background jobs by queue and state (pg-boss)",
      labelNames: ["queue", "state"],
      registers,
    }),
    databaseUp: new Gauge({
      name: "database_up",
      help: "Whether the database answered a query within the scrape's time (1) or not (0)",
      labelNames: ["database"],
      registers,
    }),
    databasePingSeconds: new Gauge({
      name: "database_ping_seconds",
      help: "Time the database took to answer `select 1` through the app's pool (a saturated pool shows here)",
      labelNames: ["database"],
      registers,
    }),
    databasePoolMax: new Gauge({
      name: "database_pool_max_connections",
      help: "The app's pool size: its most connections at once (PGlite: one, in-process)",
      labelNames: ["database"],
      registers,
    }),
    collectorUp: new Gauge({
      name: "metrics_collector_up",
      help: "Whether a scrape-time reading (jobs, database) finished in time (1) or not (0)",
      labelNames: ["collector"],
      registers,
    }),
  };
}

/** The process's metrics, created on first use; undefined when METRICS_TOKEN is unset (metrics are off). */
export function appMetrics(): AppMetrics | undefined {
  if (globalForMetrics.appMetrics === undefined) globalForMetrics.appMetrics = env.METRICS_TOKEN ? create() : null;
  return globalForMetrics.appMetrics ?? undefined;
}

export type UpstreamOutcome = "hit" | "miss" | "coalesced" | "stale" | "error";

/** The outcome as metrics and spans name it: the meter's "error" is a failed call. */
export const outcomeName = (outcome: UpstreamOutcome) => (outcome === "error" ? "failed" : outcome);

/** One request for an upstream answer (what the meter records): its outcome, and the billable requests it spent. */
export function countUpstream(operation: string, outcome: UpstreamOutcome, billable: number): void {
  const metrics = appMetrics();
  if (!metrics) return;
  metrics.upstreamCalls.inc({ operation, outcome: outcomeName(outcome) });
  if (billable > 0) metrics.upstreamBillable.inc({ operation }, billable);
}

export function countRateLimitRefusal(limiter: string): void {
  appMetrics()?.rateLimitRefusals.inc({ limiter });
}

// Reasons are the code's own words; anything else (a value some provider chose) is counted as "other".
const boundedReason = (reason: unknown) =>
  typeof reason === "string" && /^[\w.-]{1,40}$/.test(reason) ? reason : "other";

export function countSignInFailure(action: string, method: string, reason: unknown): void {
  appMetrics()?.signInFailures.inc({ action, method, reason: boundedReason(reason) });
}

export function countAuditDeadLetter(stored: boolean): void {
  appMetrics()?.auditDeadLetters.inc({ stored: String(stored) });
}

export function countSignInThrottle(kind: string): void {
  appMetrics()?.signInThrottles.inc({ kind });
}

/** Starts timing a request; the returned function records it (undefined when metrics are off). */
export function requestTimer(): ((labels: { method: string; route: string; status: number }) => void) | undefined {
  const metrics = appMetrics();
  if (!metrics) return undefined;
  const end = metrics.requestDuration.startTimer();
  return ({ method, route, status }) => end({ method, route, status: String(status) });
}

/** Reports a Redis connection's status in `redis_up` (read when scraped, no command sent). */
export function watchRedis(connection: string, redis: RedisLike): void {
  if (appMetrics()) redisConnections.set(connection.replaceAll(" ", "-"), redis);
}
