import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppInfo } from "./setup";
import { call, signIn, unique } from "./client";
import { exited, freePort, startNext, TEST_DATA_KEY } from "./processes";

const { DATABASE_URL, REDIS_URL } = process.env;
const DEMO_HOME = "3901 Wallingford Ave N, Seattle, WA 98103";
const SHIPPED = (
  JSON.parse(readFileSync("lib/db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] }
).entries.length;

/**
 * The deployment the image is for: several instances of the standalone server on one PostgreSQL and one Redis, the
 * migrations run once before them by `npm run migrate` (the image's migrate service), or by the instances themselves
 * when they start together. Each test makes a database of its own on the server of DATABASE_URL.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  "one image, several instances: migrations once, the journeys across instances",
  () => {
    const run = unique();
    const secret = `deploy-secret-${run}`;
    const databases: string[] = [];
    const instances: Instance[] = [];
    // Made when the suite runs, not when it is collected: a skipped suite opens no connection and leaves no folder.
    let server: postgres.Sql;
    let dataDir: string;
    beforeAll(() => {
      server = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
      dataDir = mkdtempSync(join(tmpdir(), "deploy-"));
    });

    interface Instance {
      app: AppInfo;
      child: ChildProcess;
      /** What the process wrote to stdout (its JSON log) and stderr so far. */
      output: () => string;
    }

    /** A fresh, empty database on the PostgreSQL server of DATABASE_URL, dropped after the file. */
    async function freshDatabase(): Promise<string> {
      const name = `deploy_${run}_${databases.length}`;
      await server.unsafe(`create database ${name}`);
      databases.push(name);
      const url = new URL(DATABASE_URL!);
      url.pathname = `/${name}`;
      return url.href;
    }

    /** `npm run migrate` against a database: the bundled command the image's migrate service runs. */
    function migrate(databaseUrl: string): Promise<{ code: number | null; output: string }> {
      const child = spawn("npm", ["run", "--silent", "migrate"], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk));
      return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
    }

    /** One instance of the app as the image runs it, on the embedded service, with every instance's secrets. */
    async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = startNext(
        port,
        {
          NEXTAUTH_URL: url,
          NEXTAUTH_SECRET: secret,
          DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL: REDIS_URL!,
          CACHE_NAMESPACE: `deploy-${run}-${databases.length}`,
          PROPERTY_API_BASE_URL: "",
          ...env,
        },
        "pipe",
        "pipe",
        // Started from outside the checkout: the standalone folder alone is the app.
        tmpdir(),
      );
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
      const app: AppInfo = {
        name: "embedded",
        url,
        admin: { email: "admin@example.com", password: "admin-demo" },
        userLimitPerMinute: 60,
        authSecret: secret,
        dataDir,
      };
      const instance = { app, child, output: () => output };
      instances.push(instance);
      return instance;
    }

    const readiness = async (instance: Instance) => {
      const response = await fetch(`${instance.app.url}/api/health?deep=1`);
      return {
        status: response.status,
        body: (await response.json()) as { status: string; checks?: Record<string, string> },
      };
    };

    /** Resolves once readiness answers 200; fails when the process exits first or it takes over two minutes. */
    async function ready(instance: Instance, what: string): Promise<void> {
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (instance.child.exitCode !== null)
          throw new Error(`${what} exited with ${instance.child.exitCode}:\n${instance.output()}`);
        if (Date.now() > deadline) throw new Error(`${what} was not ready in time:\n${instance.output()}`);
        if ((await readiness(instance).catch(() => ({ status: 0 }))).status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    /** Each migration the database has, and how many times (drizzle's own record). */
    async function migrationsIn(
      databaseUrl: string,
    ): Promise<{ rows: number; distinct: number; jobsVersion: number | undefined }> {
      const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const [counts] =
          await db`select count(*)::int as rows, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
        const [jobs] = await db`select version from jobs.version`;
        return { rows: counts!.rows, distinct: counts!.distinct, jobsVersion: jobs?.version };
      } finally {
        await db.end();
      }
    }

    const errorsLogged = (instance: Instance) =>
      instance
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line));

    afterAll(async () => {
      for (const { child } of instances) child.kill("SIGTERM");
      await Promise.all(instances.map(({ child }) => exited(child)));
      for (const name of databases) await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      "after `npm run migrate`, two instances started at once with MIGRATE_ON_START=false serve the journeys across both",
      { timeout: 300_000 },
      async () => {
        const databaseUrl = await freshDatabase();
        const migrated = await migrate(databaseUrl);
        expect(migrated.code, migrated.output).toBe(0);
        expect(await migrationsIn(databaseUrl)).toMatchObject({ rows: SHIPPED, distinct: SHIPPED });

        const [a, b] = await Promise.all([
          startInstance(databaseUrl, { MIGRATE_ON_START: "false" }),
          startInstance(databaseUrl, { MIGRATE_ON_START: "false" }),
        ]);
        await Promise.all([ready(a!, "instance a"), ready(b!, "instance b")]);
        expect(await migrationsIn(databaseUrl)).toMatchObject({ rows: SHIPPED, distinct: SHIPPED });
        for (const instance of [a!, b!]) {
          // pg-boss's schema too was the migrate command's: the engine, not migrating, finds it.
          await expect.poll(instance.output, { timeout: 60_000 }).toContain("jobs: engine started");
          expect(instance.output()).toContain("migrated by `npm run migrate`");
          expect(errorsLogged(instance)).toEqual([]);
        }

        // The demo homeowner signs in on one instance; the session works on the other: dashboard, owner data, PDF
        // report.
        const homeowner = await signIn(a!.app, "homeowner@example.com", "homeowner-demo");
        const dashboard = await fetch(`${b!.app.url}/dashboard`, { headers: { cookie: homeowner } });
        expect(dashboard.status).toBe(200);
        expect(await dashboard.text()).toContain("3901 Wallingford Ave N");
        const ownerData = await call(b!.app, "GET", "/api/owner-data", { cookie: homeowner });
        expect(ownerData.status).toBe(200);
        const query = new URLSearchParams({ address: DEMO_HOME, applicant_name: "Matthew Sanchez" });
        const report = await call(b!.app, "GET", `/api/property/report?${query}`, { cookie: homeowner });
        expect(report.status).toBe(200);
        expect(report.headers.get("content-type")).toBe("application/pdf");
        expect(
          Buffer.from(report.body as ArrayBuffer)
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");

        // The demo officer (second factor: the demo authenticator, then a passkey) signs in on b and looks up on a.
        const officer = await signIn(b!.app, "officer@example.com", "officer-demo");
        const valuation = await call(a!.app, "POST", "/api/avm", { cookie: officer, body: { address: DEMO_HOME } });
        expect(valuation.status).toBe(200);
        expect(valuation.body.value).toBeGreaterThan(0);

        // An admin's job, queued on one instance, is run by whichever picks it up: once.
        const admin = await signIn(a!.app, "admin@example.com", "admin-demo");
        expect(
          (await call(b!.app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "housekeeping" } })).status,
        ).toBe(202);
        await expect
          .poll(async () => (await call(a!.app, "GET", "/api/admin/jobs", { cookie: admin })).body.queues, {
            timeout: 30_000,
            interval: 500,
          })
          .toContainEqual({ name: "housekeeping", state: "completed", count: 1 });
      },
    );

    it(
      "two instances started at once on an empty database with migrations on: both ready, neither failed, each migration applied once",
      { timeout: 300_000 },
      async () => {
        const databaseUrl = await freshDatabase();
        const [a, b] = await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)]);
        await Promise.all([ready(a!, "instance a"), ready(b!, "instance b")]);
        // The job engine starts beside the first requests, each creating pg-boss's schema or finding it made.
        for (const instance of [a!, b!])
          await expect.poll(instance.output, { timeout: 60_000 }).toContain("jobs: engine started");
        expect(await migrationsIn(databaseUrl)).toEqual({
          rows: SHIPPED,
          distinct: SHIPPED,
          jobsVersion: expect.any(Number),
        });
        for (const instance of [a!, b!]) {
          expect(instance.child.exitCode).toBeNull();
          expect(errorsLogged(instance)).toEqual([]);
        }
        // Both created the demo accounts at once: one of each, and sign-in works on either.
        const homeowner = await signIn(b!.app, "homeowner@example.com", "homeowner-demo");
        expect((await call(a!.app, "GET", "/api/owner-data", { cookie: homeowner })).status).toBe(200);
      },
    );

    it(
      "with MIGRATE_ON_START=false on an unmigrated database: readiness 503 saying why, ready after `npm run migrate` without a restart",
      { timeout: 300_000 },
      async () => {
        const databaseUrl = await freshDatabase();
        const instance = await startInstance(databaseUrl, { MIGRATE_ON_START: "false" });
        // It serves (liveness) while it waits; readiness says what for, and so does the log.
        await expect
          .poll(
            () =>
              fetch(`${instance.app.url}/api/health`).then(
                (r) => r.status,
                () => 0,
              ),
            { timeout: 120_000, interval: 250 },
          )
          .toBe(200);
        const waiting = await readiness(instance);
        expect(waiting.status).toBe(503);
        expect(waiting.body.checks?.startup).toContain("waiting for the database's migrations");
        expect(waiting.body.checks?.database).toContain("it has none, this build needs");
        expect(instance.output()).toContain("the database's schema is behind this build");
        // A route that needs the database says it is unavailable, not a 500.
        const signUp = await call(instance.app, "POST", "/api/signup", {
          body: { email: `early-${run}@example.com`, password: "a-good-long-password" },
        });
        expect(signUp.status).toBe(503);

        const migrated = await migrate(databaseUrl);
        expect(migrated.code, migrated.output).toBe(0);
        await ready(instance, "the waiting instance");
        expect(instance.child.exitCode).toBeNull();
        expect(instance.output()).toContain("the database's schema is this build's now");
        expect(await signIn(instance.app, "homeowner@example.com", "homeowner-demo")).toMatch(/next-auth/);
      },
    );

    it(
      "with MIGRATE_ON_START=false, a wait past MIGRATION_WAIT_SECONDS ends the process (exit 1) with what to run",
      { timeout: 120_000 },
      async () => {
        const databaseUrl = await freshDatabase();
        const instance = await startInstance(databaseUrl, { MIGRATE_ON_START: "false", MIGRATION_WAIT_SECONDS: "2" });
        expect(await exited(instance.child)).toBe(1);
        expect(instance.output()).toContain(
          "Refusing to start: the database still lacks this build's migrations after 2 s",
        );
        expect(instance.output()).toContain("Run `npm run migrate`");
      },
    );
  },
);
