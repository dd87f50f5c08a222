import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, jobsSettled, signIn, unique } from "./client";
import { ADMIN, budgetOf, DEMO_CLIENTS, startApp, until } from "./monitoring-apps";
import { exited } from "./processes";

const { DATABASE_URL } = process.env;

/**
 * Two app processes on one PostgreSQL database of this test's own, each with its own in-memory cache (so a client
 * refreshed twice would reach the service twice): every scheduled refresh happens once, even across a restart.
 */
describe.skipIf(!DATABASE_URL)("scheduled client refreshes across two app processes sharing PostgreSQL", () => {
  const name = `monitoring_${unique()}`;
  let dataDir: string;
  let url: string;
  const apps: Awaited<ReturnType<typeof startApp>>[] = [];

  // The folder is made when the suite runs: collecting a skipped suite leaves nothing behind.
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "monitoring-pg-"));
    const server = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name}`);
    await server.end();
    const at = new URL(DATABASE_URL!);
    at.pathname = `/${name}`;
    url = at.href;
    // No budget at start: the demo portfolio's first refreshes claim nothing, and the tests spend the month themselves.
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      NEXTAUTH_SECRET: `secret-${name}`,
      REFRESH_BUDGET_MONTHLY: "0",
    };
    // One after the other: the second finds the demo accounts and portfolio the first made.
    apps.push(await startApp(env));
    apps.push(await startApp(env));
  });

  afterAll(async () => {
    for (const { child } of apps) child.kill("SIGTERM");
    await Promise.all(apps.map(({ child }) => exited(child)));
    const server = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    await server.unsafe(`drop database if exists ${name} with (force)`);
    await server.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "spend no more than a budget of 10 with both processes' workers claiming at once",
    { timeout: 300_000 },
    async () => {
      const app = apps[0]!.app;
      const admin = await signIn(app, ADMIN.email, ADMIN.password);
      expect(
        (await call(app, "PUT", "/api/admin/refresh-budget", { cookie: admin, body: { monthlyBudget: 10 } })).status,
      ).toBe(200);
      expect(
        (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } })).status,
      ).toBe(202);
      await until(async () => (await budgetOf(app, admin)).spent === 10, "ten refreshes");
      const db = postgres(url, { max: 1, onnotice: () => {} });
      try {
        // Every client's refresh job has been tried (the rest found the budget spent); the billable calls are metered.
        await jobsSettled(app, admin, ["client-refreshes", "client-refresh"], 60_000);
        expect(Number((await db`select count(*) from app.client_refreshes`)[0]!.count)).toBe(10);
        const calls =
          await db`select count(*) from app.upstream_calls where operation = 'homeEquitySummary' and user_id is null`;
        expect(Number(calls[0]!.count)).toBe(10);
      } finally {
        await db.end();
      }
      // The rest of the month's refreshes, for the next test.
      expect(
        (await call(app, "PUT", "/api/admin/refresh-budget", { cookie: admin, body: { monthlyBudget: 1000 } })).status,
      ).toBe(200);
    },
  );

  it("refresh each client exactly once, with a restart in the middle of the run", { timeout: 300_000 }, async () => {
    const admin = await signIn(apps[0]!.app, ADMIN.email, ADMIN.password);
    expect(
      (await call(apps[0]!.app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } }))
        .status,
    ).toBe(202);
    await until(async () => (await budgetOf(apps[0]!.app, admin)).spent >= 12, "the run under way");

    // The second process stops mid-run (SIGTERM, as a deployment does) and comes back.
    const second = apps[1]!;
    second.child.kill("SIGTERM");
    await exited(second.child);
    apps[1] = await startApp(second.env);

    await until(async () => (await budgetOf(apps[0]!.app, admin)).spent === DEMO_CLIENTS, "every client refreshed");
    const db = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await until(
        async () => Number((await db`select count(*) from app.client_refreshes where done`)[0]!.count) === DEMO_CLIENTS,
        "every refresh done",
      );
      // Each refresh read the home's equity summary once, in one process or the other: none lost, none repeated.
      const calls =
        await db`select count(*) from app.upstream_calls where operation = 'homeEquitySummary' and user_id is null`;
      expect(Number(calls[0]!.count)).toBe(DEMO_CLIENTS);
      const homes =
        await db`select count(distinct address_hash) from app.upstream_calls where operation = 'homeEquitySummary' and user_id is null`;
      expect(Number(homes[0]!.count)).toBe(DEMO_CLIENTS);
    } finally {
      await db.end();
    }
  });
});
