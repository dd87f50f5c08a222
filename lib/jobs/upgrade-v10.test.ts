import { PGlite } from "@electric-sql/pglite";
import PgBoss10 from "pg-boss-10";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { log } from "@/lib/log";
import { JobEngine, type JobSpec } from "./engine";

// A database made by the app before Node.js 24 (pg-boss 10.4.2, the version it shipped), then started by today's.
log.level = "silent";

interface Target {
  name: string;
  skip?: boolean;
  open: () => Promise<{
    handle: ConstructorParameters<typeof JobEngine>[0];
    sql: (text: string) => Promise<unknown[]>;
    close: () => Promise<void>;
  }>;
}
const targets: Target[] = [
  {
    name: "PGlite",
    open: async () => {
      const pglite = new PGlite("memory://");
      return {
        handle: { kind: "pglite", pglite },
        sql: async (text) => (await pglite.query(text)).rows,
        close: () => pglite.close(),
      };
    },
  },
];
// Declared without DATABASE_URL too, so that a run without it reports the PostgreSQL variant as skipped.
const databaseUrl = process.env.DATABASE_URL;
targets.push({
  name: "PostgreSQL",
  skip: !databaseUrl,
  open: async () => {
    const name = `jobs_upgrade_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const server = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const client = postgres(url.href, { max: 1, onnotice: () => {} });
    return {
      handle: { kind: "postgres", url: url.href },
      sql: (text) => client.unsafe(text),
      close: async () => {
        await client.end();
        await server.unsafe(`drop database if exists ${name} with (force)`);
        await server.end();
      },
    };
  },
});

/** pg-boss 10 as the app ran it: PGlite through the adapter it had then, PostgreSQL by URL. */
function oldBoss(handle: ConstructorParameters<typeof JobEngine>[0]): PgBoss10 {
  const base = { schema: "jobs", schedule: false, supervise: false };
  if (handle.kind === "postgres") return new PgBoss10({ ...base, connectionString: handle.url! });
  const pglite = handle.pglite!;
  const db = {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return pglite.query(text, values);
      return (await pglite.exec(text)).at(-1) ?? { rows: [] };
    },
  };
  return new PgBoss10({ ...base, db });
}

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

for (const target of targets)
  describe.skipIf(!!target.skip)(`upgrading a database of pg-boss 10 on ${target.name}`, () => {
    const closers: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const close of closers.reverse()) await close();
    });

    it("keeps waiting, delayed and failed jobs and schedules, and runs what waited", async () => {
      const { handle, sql, close } = await target.open();
      closers.push(close);

      const old = oldBoss(handle);
      await old.start();
      for (const name of ["work", "broken", "keyed", "retired"])
        await old.createQueue(name, { name, policy: name === "keyed" ? "stately" : "standard" });
      const waiting = await old.send("work", { n: 1 });
      const later = new Date(Date.now() + 3_600_000);
      const delayed = await old.send("work", { n: 2 }, { startAfter: later });
      const keyed = await old.send("keyed", { client: "a" }, { singletonKey: "a" });
      await old.send("retired", { n: 3 });
      const brokenId = await old.send("broken", {}, { retryLimit: 0 });
      const [taken] = await old.fetch("broken");
      expect(taken?.id).toBe(brokenId);
      await old.fail("broken", brokenId!, { message: "upstream said no" });
      await old.schedule("broken", "0 4 * * *", { nightly: true }, { tz: "UTC" });
      await old.stop({ graceful: false, wait: true });
      expect(await sql("select version from jobs.version")).toEqual([{ version: 24 }]);

      const ran: number[] = [];
      const specs: JobSpec<object>[] = [
        { name: "work", run: async (data) => void ran.push((data as { n: number }).n) },
        { name: "broken", run: async () => {} },
        { name: "keyed", policy: "stately", run: async () => {} },
      ];
      // As a deploy runs it: the migrate command (an engine that defines no queue) makes pg-boss 12's schema, then an
      // instance that does not migrate (MIGRATE_ON_START=false) starts with the app's queues and moves the old jobs.
      const migrate = new JobEngine(handle, { workers: false });
      await migrate.start();
      await migrate.stop();
      expect(await sql("select nspname from pg_namespace where nspname = 'jobs_v10'")).toEqual([
        { nspname: "jobs_v10" },
      ]);
      const engine = new JobEngine(handle, { pollingSeconds: 0.5, workers: false, migrate: false });
      for (const spec of specs) engine.define(spec);
      closers.push(() => engine.stop());
      await engine.start();

      // pg-boss 12's schema, and nothing left of 10's.
      const [version] = (await sql("select version from jobs.version")) as { version: number }[];
      expect(version!.version).toBeGreaterThan(24);
      expect(await sql("select nspname from pg_namespace where nspname = 'jobs_v10'")).toEqual([]);

      const rows = (await sql(
        "select id::text as id, name, state::text as state, data, start_after from jobs.job order by name, created_on",
      )) as {
        id: string;
        name: string;
        state: string;
        data: unknown;
        start_after: Date | string;
      }[];
      expect(rows.map(({ id, name, state }) => ({ id, name, state }))).toEqual([
        { id: brokenId, name: "broken", state: "failed" },
        { id: keyed, name: "keyed", state: "created" },
        { id: waiting, name: "work", state: "created" },
        { id: delayed, name: "work", state: "created" },
      ]);
      // The delayed job still waits for its time, to the second.
      expect(Math.abs(new Date(rows[3]!.start_after).getTime() - later.getTime())).toBeLessThan(1000);
      // The failed job is still there for an admin, with its error, and the schedule still sends.
      expect(await engine.failed()).toMatchObject([{ id: brokenId, name: "broken", error: "upstream said no" }]);
      expect(await sql("select name, cron, data from jobs.schedule")).toEqual([
        { name: "broken", cron: "0 4 * * *", data: { nightly: true } },
      ]);

      // A second start (another instance, or the next deploy) changes nothing.
      const again = new JobEngine(handle, { pollingSeconds: 0.5, workers: false });
      for (const spec of specs) again.define(spec);
      await again.start();
      await again.stop();
      expect(await sql("select count(*)::int as count from jobs.job")).toEqual([{ count: 4 }]);

      // A worker of today's version runs the job that waited across the upgrade (the delayed one waits its hour).
      const worker = new JobEngine(handle, { pollingSeconds: 0.5 });
      for (const spec of specs) worker.define(spec);
      closers.push(() => worker.stop());
      await worker.start();
      await until(() => ran.length === 1);
      expect(ran).toEqual([1]);
    }, 90_000);
  });
