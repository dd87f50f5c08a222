import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { log } from "@/lib/log";
import { JobEngine, type JobSpec } from "./engine";

// The failing job's attempts are logged as warnings by design; the test reads its own assertions.
log.level = "silent";

/** The engine on the embedded PGlite, and on PostgreSQL when DATABASE_URL is set (a schema of this run's own). */
const targets: {
  name: string;
  skip?: boolean;
  open: () => Promise<{ handle: ConstructorParameters<typeof JobEngine>[0]; close: () => Promise<void> }>;
}[] = [
  {
    name: "PGlite",
    open: async () => {
      const pglite = new PGlite("memory://");
      return { handle: { kind: "pglite", pglite }, close: () => pglite.close() };
    },
  },
];
// Declared without DATABASE_URL too, so that a run without it reports the PostgreSQL variant as skipped.
const databaseUrl = process.env.DATABASE_URL;
targets.push({
  name: "PostgreSQL",
  skip: !databaseUrl,
  open: async () => {
    // A database of this test's own, so that the jobs schema starts empty.
    const name = `jobs_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const server = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    return {
      handle: { kind: "postgres", url: url.href },
      close: async () => {
        await server.unsafe(`drop database if exists ${name} with (force)`);
        await server.end();
      },
    };
  },
});

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

for (const target of targets)
  describe.skipIf(!!target.skip)(`job engine on ${target.name}`, () => {
    const closers: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const close of closers.reverse()) await close();
    });
    const engineOn = (handle: ConstructorParameters<typeof JobEngine>[0], specs: JobSpec<object>[], workers = true) => {
      const engine = new JobEngine(handle, { workers, pollingSeconds: 0.5 });
      for (const spec of specs) engine.define(spec);
      closers.push(() => engine.stop());
      return engine;
    };

    it("runs each job once with two engines working the same queue, survives a restart and keeps failures for admins", async () => {
      const { handle, close } = await target.open();
      closers.push(close);
      const ran: number[] = [];
      const work: JobSpec<{ n: number }> = {
        name: "work",
        run: async ({ n }) => {
          ran.push(n);
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      };
      const attempts: string[] = [];
      const broken: JobSpec<object> = {
        name: "broken",
        retryLimit: 2,
        retryDelaySeconds: 1,
        run: async (_data, job) => {
          attempts.push(job.id);
          throw new Error("upstream said no");
        },
      };

      // Jobs sent by a process that does not work them wait in the database, across that process's end.
      const sender = engineOn(handle, [work as JobSpec<object>, broken], false);
      await sender.start();
      for (let n = 0; n < 20; n++) await sender.send("work", { n });
      const brokenId = await sender.send("broken", {});
      await sender.stop();
      expect(ran).toEqual([]);

      const first = engineOn(handle, [work as JobSpec<object>, broken]);
      const second = engineOn(handle, [work as JobSpec<object>, broken]);
      await first.start();
      await second.start();
      await until(() => ran.length >= 20);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));

      // Tried, retried with back-off, then kept as failed with its error.
      await until(async () => (await first.failed()).length === 1);
      expect(attempts.length).toBe(3);
      const [failed] = await first.failed();
      expect(failed).toMatchObject({ id: brokenId, name: "broken", error: "upstream said no", attempts: 3 });

      // An admin's retry runs it again.
      await first.retry("broken", brokenId!);
      await until(() => attempts.length > 3);
    }, 90_000);

    it("gives an existing queue the heartbeat its kind now has at the next start, and takes it away again", async () => {
      const { handle, close } = await target.open();
      closers.push(close);
      const heartbeat = async () => {
        const text = "select heartbeat_seconds from jobs.queue where name = 'beating'";
        if (handle.kind === "pglite")
          return (await (handle.pglite as PGlite).query<{ heartbeat_seconds: number | null }>(text)).rows[0]
            ?.heartbeat_seconds;
        const db = postgres(handle.url!, { max: 1, onnotice: () => {} });
        try {
          return (await db.unsafe<{ heartbeat_seconds: number | null }[]>(text))[0]?.heartbeat_seconds;
        } finally {
          await db.end();
        }
      };
      const beating = (heartbeatSeconds?: number): JobSpec<object> => ({
        name: "beating",
        heartbeatSeconds,
        run: async () => {},
      });
      for (const seconds of [undefined, 30, undefined]) {
        const engine = engineOn(handle, [beating(seconds)], false);
        await engine.start();
        expect(await heartbeat()).toBe(seconds ?? null);
        await engine.stop();
      }
    }, 60_000);

    it("drops a keyed job sent again while the first still waits", async () => {
      const { handle, close } = await target.open();
      closers.push(close);
      const ran: string[] = [];
      const keyed: JobSpec<{ client: string }> = {
        name: "keyed",
        policy: "stately",
        run: async ({ client }) => void ran.push(client),
      };
      const sender = engineOn(handle, [keyed as JobSpec<object>], false);
      await sender.start();
      expect(await sender.send("keyed", { client: "a" }, { key: "a" })).toBeTruthy();
      expect(await sender.send("keyed", { client: "a" }, { key: "a" })).toBeNull();
      expect(await sender.send("keyed", { client: "b" }, { key: "b" })).toBeTruthy();
      const worker = engineOn(handle, [keyed as JobSpec<object>]);
      await worker.start();
      await until(() => ran.length === 2);
      expect(ran.sort()).toEqual(["a", "b"]);
    }, 60_000);
  });
