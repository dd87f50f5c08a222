import type { PGlite } from "@electric-sql/pglite";
import { fromPglite, PgBoss, type ConstructorOptions } from "pg-boss";
import type { DatabaseHandle } from "@/lib/db/client";
import { log } from "@/lib/log";
import { jobSpan, inSpan } from "@/lib/observability/trace";
import { moveFromV10, setAsideV10 } from "./upgrade-v10";

/**
 * Background jobs on the app's own database with pg-boss: PostgreSQL when DATABASE_URL is set, the embedded PGlite
 * otherwise. Jobs are rows, so they survive restarts; workers take them with `FOR UPDATE SKIP LOCKED`, so several app
 * processes on one PostgreSQL run each job once; a job that throws is retried with back-off, then kept as failed for
 * admins to read and retry (`/admin`).
 */

/** One kind of job: what runs it, how it is retried, and when it is sent by itself. */
export interface JobSpec<T extends object = object> {
  name: string;
  /**
   * Runs one job. Throwing fails this attempt; it runs again after a back-off until `retryLimit` attempts are spent.
   */
  run: (data: T, job: { id: string }) => Promise<void>;
  retryLimit?: number;
  /** The first retry's delay; each retry waits about twice as long as the one before. */
  retryDelaySeconds?: number;
  /** An attempt still running after this long fails and is retried, alive or not: the bound on a hung one. */
  expireInSeconds?: number;
  /**
   * The worker marks a running attempt alive every half of this; one not marked for this long (its process died)
   * fails and is retried, long before `expireInSeconds`, while a slow one that is still marked runs on. At least 10.
   */
  heartbeatSeconds?: number;
  /** How many jobs of this kind one process runs at once (each worker takes one job per polling interval at most). */
  concurrency?: number;
  /**
   * Jobs a worker takes at once and runs side by side (default 1); while each fetch comes back full it fetches again
   * at once, so a backlog drains without waiting for the polling interval. One that throws fails alone.
   */
  batchSize?: number;
  /** How often an idle worker looks for new jobs (at least 0.5 s); the engine's own interval (2 s) otherwise. */
  pollingSeconds?: number;
  /**
   * `stately`: at most one job per key waits and one runs (a key sent again while one waits is dropped), for work
   * whose latest request is the only one that matters; `standard`: every job sent runs.
   */
  policy?: "standard" | "stately";
  /** A cron schedule (UTC) on which the job is sent with `scheduleData`; one send per tick across all processes. */
  cron?: string;
  scheduleData?: T;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  attempts: number;
  failedAt: string;
}

const SCHEMA = "jobs";
/** Finished jobs, failed ones too, are kept a month for admins to read. */
const KEEP_FINISHED_SECONDS = 30 * 86_400;
/**
 * How often a working process's supervisor fails the attempts that timed out or lost their heartbeat (pg-boss: once a
 * minute), which bounds how long a job cut off by a dead process waits: one pass is a few short statements.
 */
const SUPERVISE_SECONDS = 10;

/** A statement on the engine's database outside pg-boss: PGlite's own queue, or one short PostgreSQL connection. */
async function runStatement(database: Pick<DatabaseHandle, "kind" | "url" | "pglite">, text: string): Promise<void> {
  if (database.kind === "pglite") {
    await (database.pglite as PGlite).exec(text);
    return;
  }
  const { default: postgres } = await import("postgres");
  const sql = postgres(database.url!, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(text);
  } finally {
    await sql.end();
  }
}

export class JobEngine {
  private readonly boss: PgBoss;
  private readonly specs = new Map<string, JobSpec<object>>();
  private readonly workers: boolean;
  private running = false;

  private readonly pollingSeconds: number;
  private readonly migrate: boolean;

  /**
   * `workers: false`: this process only sends jobs. `migrate: false`: pg-boss's schema is not created or upgraded
   * here (the migrate command does it once, before the app's instances start).
   */
  constructor(
    private readonly database: Pick<DatabaseHandle, "kind" | "url" | "pglite">,
    options: { workers?: boolean; pollingSeconds?: number; migrate?: boolean; superviseSeconds?: number } = {},
  ) {
    this.workers = options.workers !== false;
    this.migrate = options.migrate !== false;
    const base: ConstructorOptions = {
      schema: SCHEMA,
      application_name: "homeowner-dashboard jobs",
      schedule: this.workers,
      supervise: this.workers,
      superviseIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
      monitorIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
      migrate: this.migrate,
      createSchema: this.migrate,
      instanceName: this.workers ? "app" : "sender",
    };
    this.boss =
      database.kind === "postgres"
        ? new PgBoss({ ...base, connectionString: database.url!, max: 4 })
        : // pg-boss's own adapter for PGlite: its statements run in PGlite's queue like the app's own.
          new PgBoss({ ...base, db: fromPglite(database.pglite!), backend: "pglite" });
    this.boss.on("error", (error) => log.error({ err: error }, "jobs: engine error"));
    this.boss.on("warning", (warning) => log.warn({ warning }, "jobs: engine warning"));
    this.pollingSeconds = options.pollingSeconds ?? 2;
  }

  define<T extends object>(spec: JobSpec<T>): void {
    this.specs.set(spec.name, spec as unknown as JobSpec<object>);
  }

  /** Creates the schema and the queues, and (unless this process only sends) starts the workers and the schedules. */
  async start(): Promise<void> {
    // A database of pg-boss 10 (this app before Node.js 24) is upgraded by hand: see upgrade-v10.ts.
    if (this.migrate) await runStatement(this.database, setAsideV10(SCHEMA));
    await this.boss.start();
    for (const spec of this.specs.values()) {
      const options = {
        retryLimit: spec.retryLimit ?? 5,
        retryDelay: spec.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds ?? 15 * 60,
        deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      };
      // Created once; later starts bring its settings up to date (the policy of a queue cannot change), a heartbeat
      // taken away too (null). A job takes its queue's settings when it is sent: one queued before keeps the old ones.
      if (await this.boss.getQueue(spec.name))
        await this.boss.updateQueue(spec.name, { ...options, heartbeatSeconds: spec.heartbeatSeconds ?? null });
      else
        await this.boss.createQueue(spec.name, {
          ...options,
          // pg-boss refuses the key present but undefined.
          ...(spec.heartbeatSeconds ? { heartbeatSeconds: spec.heartbeatSeconds } : {}),
          policy: spec.policy ?? "standard",
        });
    }
    // The old jobs come across once the app's queues exist: not from a bare engine (the migrate command defines none,
    // and its move would find no queue to put them in); from the next app start, even one that does not migrate.
    if (this.specs.size > 0) await runStatement(this.database, moveFromV10(SCHEMA));
    if (this.workers) {
      for (const spec of this.specs.values()) {
        const batchSize = spec.batchSize ?? 1;
        const options = {
          batchSize,
          pollingIntervalSeconds: spec.pollingSeconds ?? this.pollingSeconds,
          localConcurrency: spec.concurrency ?? 1,
          ...(batchSize > 1 ? { burstWhenBatchFull: true } : {}),
        };
        await this.boss.work<object>(spec.name, options, async (batch) => {
          const results = await Promise.allSettled(batch.map((job) => this.runOne(spec, job)));
          const failed = results.flatMap((result, i) =>
            result.status === "rejected" ? [{ job: batch[i]!, error: result.reason as unknown }] : [],
          );
          if (batch.length === 1 && failed.length) throw failed[0]!.error;
          // In a batch, the jobs that threw fail (and are retried) one by one; pg-boss completes the rest.
          for (const { job, error } of failed)
            await this.boss.fail(spec.name, job.id, {
              message: error instanceof Error ? error.message : String(error),
            });
        });
        if (spec.cron) await this.boss.schedule(spec.name, spec.cron, spec.scheduleData ?? {}, { tz: "UTC" });
      }
    }
    this.running = true;
  }

  private async runOne(spec: JobSpec<object>, job: { id: string; data: object }): Promise<void> {
    const started = Date.now();
    try {
      await inSpan(`job ${spec.name}`, jobSpan(spec.name, job.id), () => spec.run(job.data, { id: job.id }));
      log.info({ job: spec.name, id: job.id, ms: Date.now() - started }, "jobs: done");
    } catch (error) {
      log.warn({ job: spec.name, id: job.id, err: error }, "jobs: attempt failed");
      throw error;
    }
  }

  /** Queues many jobs of one kind in one statement (each its own job, retried on its own). */
  async sendMany<T extends object>(name: string, jobs: { data: T; startAfter?: Date }[]): Promise<void> {
    if (!this.specs.has(name)) throw new Error(`unknown job ${name}`);
    if (jobs.length === 0) return;
    await this.boss.insert(
      name,
      jobs.map(({ data, startAfter }) => ({ data, ...(startAfter ? { startAfter } : {}) })),
    );
  }

  /** Queues a job. `key` makes it once-only while one with the same key waits or runs. */
  async send<T extends object>(
    name: string,
    data: T,
    options: { key?: string; startAfter?: Date } = {},
  ): Promise<string | null> {
    if (!this.specs.has(name)) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data, {
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /** Jobs that spent every attempt, newest first. */
  async failed(limit = 50): Promise<FailedJob[]> {
    const rows = await this.sql<{
      id: string;
      name: string;
      data: unknown;
      output: unknown;
      retry_count: number;
      completed_on: Date;
    }>(
      `select id, name, data, output, retry_count, completed_on from ${SCHEMA}.job where state = 'failed'
       order by completed_on desc limit $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      data: row.data,
      error: errorText(row.output),
      attempts: Number(row.retry_count) + 1,
      failedAt: new Date(row.completed_on).toISOString(),
    }));
  }

  /** Counts per queue and state, for the admin's view. */
  async counts(): Promise<{ name: string; state: string; count: number }[]> {
    const rows = await this.sql<{ name: string; state: string; count: string }>(
      `select name, state::text as state, count(*)::text as count from ${SCHEMA}.job group by name, state order by name, state`,
      [],
    );
    return rows
      .filter((row) => this.specs.has(row.name))
      .map((row) => ({ name: row.name, state: row.state, count: Number(row.count) }));
  }

  /** Runs a failed job again from its first attempt. */
  async retry(name: string, id: string): Promise<void> {
    await this.boss.retry(name, id);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  private async sql<Row>(text: string, values: unknown[]): Promise<Row[]> {
    return (await this.boss.getDb().executeSql(text, values)).rows as Row[];
  }
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string")
    return output.message;
  return output === null || output === undefined ? "no error recorded" : JSON.stringify(output).slice(0, 500);
}
