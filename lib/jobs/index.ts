import "server-only";
import { getDatabase } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sweepExpiredRows } from "@/lib/services/housekeeping";
import { JobEngine, type JobSpec } from "./engine";

export type { FailedJob } from "./engine";

/** Every kind of job the app runs. */
const JOBS: JobSpec<object>[] = [
  {
    name: "housekeeping",
    cron: "17 3 * * *",
    retryLimit: 3,
    run: async () => {
      log.info({ deleted: await sweepExpiredRows() }, "housekeeping: expired rows deleted");
    },
  },
];

const globalForJobs = globalThis as unknown as { jobEngine?: Promise<JobEngine> };

/**
 * This process's job engine, started on first use: the schema and queues, and the workers and schedules unless
 * JOB_WORKERS is off (a process that only serves pages and sends jobs). Held on globalThis: Next.js bundles modules
 * once per route.
 */
export function jobs(): Promise<JobEngine> {
  globalForJobs.jobEngine ??= (async () => {
    const engine = new JobEngine(await getDatabase(), { workers: env.JOB_WORKERS });
    for (const spec of JOBS) engine.define(spec);
    await engine.start();
    // A stopping server takes no new jobs; one cut off mid-run expires and runs again elsewhere (jobs are idempotent).
    process.once("SIGTERM", () => void engine.stop());
    return engine;
  })().catch((error) => {
    globalForJobs.jobEngine = undefined;
    throw error;
  });
  return globalForJobs.jobEngine;
}
