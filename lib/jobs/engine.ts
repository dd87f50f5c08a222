import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "@/lib/db/client";
import { log } from "@/lib/log";

/**
 * Background jobs on the app's own database with pg-boss: PostgreSQL when DATABASE_URL is set, the embedded PGlite
 * otherwise. Jobs are rows, so they survive restarts; workers take them with `FOR UPDATE SKIP LOCKED`, so several app
 * processes on one PostgreSQL run each job once; a job that throws is retried with back-off, then kept as failed for
 * admins to read and retry (`/admin`).
 */

/** One kind of job: what runs it, how it is retried, and when it is sent by itself. */
export interface JobSpec<T extends object = object> {
  name: string;
  /** Runs one job. Throwing fails this attempt; it runs again after a back-off until `retryLimit` attempts are spent. */
  run: (data: T, job: { id: string }) => Promise<void>;
  retryLimit?: number;
  /** The first retry's delay; each retry waits about twice as long as the one before. */
  retryDelaySeconds?: number;
  /** An attempt still running after this long counts as failed (its process died): it is retried. */
  expireInSeconds?: number;
  /** How many jobs of this kind one process runs at once (each worker takes one job per polling interval at most). */
  concurrency?: number;
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

/** pg-boss's database adapter over the embedded PGlite: its statements run in PGlite's queue like the app's own. */
export function pgliteAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return client.query(text, values);
      // Schema changes and locked blocks arrive as several statements without parameters.
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

const SCHEMA = "jobs";

export class JobEngine {
  private readonly boss: PgBoss;
  private readonly specs = new Map<string, JobSpec<object>>();
  private readonly workers: boolean;
  private running = false;

  private readonly pollingSeconds: number;

  /** `migrate: false`: pg-boss's schema must be there already (`npm run migrate` made it); it is not created or migrated. */
  constructor(database: Pick<DatabaseHandle, "kind" | "url" | "pglite">, options: { workers?: boolean; pollingSeconds?: number; migrate?: boolean } = {}) {
    // Finished jobs move to the archive, which keeps them (failed ones too) a month for admins to read.
    const base = {
      schema: SCHEMA,
      application_name: "homeowner-dashboard jobs",
      schedule: options.workers !== false,
      deleteAfterDays: 30,
      migrate: options.migrate !== false,
    };
    this.boss =
      database.kind === "postgres"
        ? new PgBoss({ ...base, connectionString: database.url!, max: 4 })
        : new PgBoss({ ...base, db: pgliteAdapter(database.pglite!) });
    this.boss.on("error", (error) => log.error({ err: error }, "jobs: engine error"));
    this.workers = options.workers !== false;
    this.pollingSeconds = options.pollingSeconds ?? 2;
  }

  define<T extends object>(spec: JobSpec<T>): void {
    this.specs.set(spec.name, spec as unknown as JobSpec<object>);
  }

  /** Creates the schema and the queues, and (unless this process only sends) starts the workers and the schedules. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const spec of this.specs.values()) {
      await this.boss.createQueue(spec.name, {
        name: spec.name,
        retryLimit: spec.retryLimit ?? 5,
        retryDelay: spec.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds ?? 15 * 60,
        policy: spec.policy ?? "standard",
      });
      if (!this.workers) continue;
      for (let i = 0; i < (spec.concurrency ?? 1); i++) {
        await this.boss.work<object>(spec.name, { batchSize: 1, pollingIntervalSeconds: this.pollingSeconds }, async ([job]) => {
          const started = Date.now();
          try {
            await spec.run(job!.data, { id: job!.id });
            log.info({ job: spec.name, id: job!.id, ms: Date.now() - started }, "jobs: done");
          } catch (error) {
            log.warn({ job: spec.name, id: job!.id, err: error }, "jobs: attempt failed");
            throw error;
          }
        });
      }
      if (spec.cron) await this.boss.schedule(spec.name, spec.cron, spec.scheduleData ?? {}, { tz: "UTC" });
    }
    this.running = true;
  }

  /** Queues a job. `key` makes it once-only while one with the same key waits or runs. */
  async send<T extends object>(name: string, data: T, options: { key?: string; startAfter?: Date } = {}): Promise<string | null> {
    if (!this.specs.has(name)) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data, {
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /** Jobs that spent every attempt, newest first. */
  async failed(limit = 50): Promise<FailedJob[]> {
    const rows = await this.sql<{ id: string; name: string; data: unknown; output: unknown; retry_count: number; completed_on: Date }>(
      `select id, name, data, output, retry_count, completed_on from ${SCHEMA}.job where state = 'failed'
       union all
       select id, name, data, output, retry_count, completed_on from ${SCHEMA}.archive where state = 'failed'
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
    return rows.filter((row) => this.specs.has(row.name)).map((row) => ({ name: row.name, state: row.state, count: Number(row.count) }));
  }

  /** Runs a failed job again from its first attempt. */
  async retry(name: string, id: string): Promise<void> {
    await this.boss.retry(name, id);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  private async sql<Row>(text: string, values: unknown[]): Promise<Row[]> {
    return (await this.boss.getDb().executeSql(text, values)).rows as Row[];
  }
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string") return output.message;
  return output === null || output === undefined ? "no error recorded" : JSON.stringify(output).slice(0, 500);
}
