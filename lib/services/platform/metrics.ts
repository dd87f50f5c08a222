import "server-only";
import { sql } from "drizzle-orm";
import { getDatabase, POSTGRES_POOL_MAX } from "@/lib/db";
import { env } from "@/lib/env";
import { appMetrics, type AppMetrics } from "@/lib/observability/metrics";
import { AppError } from "@/lib/services/errors";

/** What `GET /api/metrics` asks for: the scraper's token. */
export const METRICS_BEARER = { variable: "METRICS_TOKEN", secret: () => env.METRICS_TOKEN } as const;

// The longest a scrape waits for one reading: Prometheus gives up after 10 s by default, and a scrape must never hang.
const READING_MS = 2_000;
// pg-boss's states; each queue that has had jobs shows every one, 0 included, so a state's series does not vanish.
const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;

const globalForScrape = globalThis as unknown as { jobQueuesSeen?: Set<string> };

/**
 * This process's metrics in Prometheus' text format. The readings that need a query (jobs by queue and state, the
 * database's answer) are taken now, at most READING_MS each; one that fails or is late says so in
 * `metrics_collector_up` and leaves its gauges empty rather than stale.
 */
export async function metricsExposition(): Promise<{ body: string; contentType: string }> {
  const metrics = appMetrics();
  if (!metrics) throw new AppError({ code: "not_found", message: "Metrics are off: METRICS_TOKEN is not set." });
  const database = env.DATABASE_URL ? "postgres" : "pglite";
  metrics.databasePoolMax.set({ database }, database === "postgres" ? POSTGRES_POOL_MAX : 1);
  await Promise.all([
    reading(
      metrics,
      "jobs",
      () => readJobs(metrics),
      () => metrics.jobs.reset(),
    ),
    reading(
      metrics,
      "database",
      () => readDatabase(metrics, database),
      () => {
        metrics.databaseUp.set({ database }, 0);
        metrics.databasePingSeconds.reset();
      },
    ),
  ]);
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}

async function reading(
  metrics: AppMetrics,
  collector: string,
  read: () => Promise<void>,
  failed: () => void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READING_MS} ms`)), READING_MS);
  });
  try {
    await Promise.race([read(), late]);
    metrics.collectorUp.set({ collector }, 1);
  } catch {
    metrics.collectorUp.set({ collector }, 0);
    failed();
  } finally {
    clearTimeout(timer);
  }
}

async function readJobs(metrics: AppMetrics): Promise<void> {
  // A scrape reads the engine this process runs; it never starts one (a process whose start-up failed has none).
  // Imported when read, not at the top: lib/jobs sits a floor above the services, whose work its jobs run.
  const { startedJobs } = await import("@/lib/jobs");
  const engine = startedJobs();
  if (!engine) throw new Error("the job engine has not started");
  const rows = await (await engine).counts();
  const queues = (globalForScrape.jobQueuesSeen ??= new Set());
  for (const row of rows) queues.add(row.name);
  metrics.jobs.reset();
  for (const queue of queues) for (const state of JOB_STATES) metrics.jobs.set({ queue, state }, 0);
  for (const row of rows) metrics.jobs.set({ queue: row.name, state: row.state }, row.count);
}

async function readDatabase(metrics: AppMetrics, database: string): Promise<void> {
  const { db } = await getDatabase();
  const started = performance.now();
  await db.execute(sql`select 1`);
  metrics.databasePingSeconds.set({ database }, (performance.now() - started) / 1000);
  metrics.databaseUp.set({ database }, 1);
}
