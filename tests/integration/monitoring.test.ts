import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signIn, unique } from "./client";
import { ADMIN, budgetOf, DEMO_CLIENTS, refreshesSettled, serviceCalls, startApp, until } from "./monitoring-apps";
import { exited } from "./processes";

describe("scheduled client refreshes on the embedded defaults", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "monitoring-"));
  let started: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    // No first-day refreshes of the demo portfolio (a budget of 0): this test spends the month's budget itself.
    started = await startApp({ DATA_DIR: dataDir, DATABASE_URL: "", REFRESH_BUDGET_MONTHLY: "0" });
  });
  afterAll(async () => {
    started.child.kill("SIGTERM");
    await exited(started.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "refresh every client once a month, stop when the month's budget is spent, and /clients says so",
    { timeout: 300_000 },
    async () => {
      const { app } = started;
      const admin = await signIn(app, ADMIN.email, ADMIN.password);
      const officer = await signIn(app, "officer@example.com", "officer-demo");

      expect(
        (await call(app, "PUT", "/api/admin/refresh-budget", { cookie: officer, body: { monthlyBudget: 10 } })).status,
      ).toBe(403);
      const refused = await call(app, "PUT", "/api/admin/refresh-budget", {
        cookie: admin,
        body: { monthlyBudget: -1 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toHaveProperty("monthlyBudget");
      expect(
        (await call(app, "PUT", "/api/admin/refresh-budget", { cookie: admin, body: { monthlyBudget: 10 } })).body,
      ).toMatchObject({ budget: 10, spent: 0 });
      // The budget is the app's own count; the service's counter says what was really spent, and is what is compared.
      const before = await serviceCalls(app, admin);

      expect(
        (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } })).status,
      ).toBe(202);
      await until(() => refreshesSettled(app, admin, 1), "the first run and its refreshes");
      expect(await serviceCalls(app, admin)).toBe(before + 10);
      // The budget holds: a second run, to its end, refreshes nothing more this month, and the officer is told why.
      await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } });
      await until(() => refreshesSettled(app, admin, 2), "the second run");
      expect(await serviceCalls(app, admin)).toBe(before + 10);
      expect((await budgetOf(app, admin)).spent).toBe(10);
      const refreshed = (await call(app, "GET", "/api/clients?size=500", { cookie: officer })).body.clients.filter(
        (c: { refreshedAt: string | null }) => c.refreshedAt,
      );
      expect(refreshed).toHaveLength(10);
      const page = await (await fetch(`${app.url}/clients`, { headers: { Cookie: officer } })).text();
      expect(page).toContain("refresh budget is spent");

      // A bigger budget lets the rest through, once each.
      await call(app, "PUT", "/api/admin/refresh-budget", { cookie: admin, body: { monthlyBudget: 1000 } });
      await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } });
      await until(() => refreshesSettled(app, admin, 3), "the third run and its refreshes");
      expect(await serviceCalls(app, admin)).toBe(before + DEMO_CLIENTS);
      await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } });
      await until(() => refreshesSettled(app, admin, 4), "the fourth run");
      expect(await serviceCalls(app, admin)).toBe(before + DEMO_CLIENTS);
      expect((await budgetOf(app, admin)).spent).toBe(DEMO_CLIENTS);
      const opportunities = (await call(app, "GET", "/api/opportunities", { cookie: officer })).body.opportunities;
      expect(opportunities.length).toBeGreaterThan(0);
    },
  );
});

describe("the first day of a portfolio on the embedded defaults", () => {
  const dirs = [mkdtempSync(join(tmpdir(), "first-day-")), mkdtempSync(join(tmpdir(), "first-day-idle-"))];
  const apps: Awaited<ReturnType<typeof startApp>>[] = [];
  beforeAll(async () => {
    // One app that runs its jobs, and one that only queues them (JOB_WORKERS=false): what waits is seen as waiting.
    // The second starts with no budget, so the demo portfolio claims nothing there; the test sets one.
    apps.push(
      await startApp({ DATA_DIR: dirs[0]!, DATABASE_URL: "" }),
      await startApp({ DATA_DIR: dirs[1]!, DATABASE_URL: "", JOB_WORKERS: "false", REFRESH_BUDGET_MONTHLY: "0" }),
    );
  });
  afterAll(async () => {
    for (const { child } of apps) {
      child.kill("SIGTERM");
      await exited(child);
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "gives the demo officer a refreshed portfolio with real opportunities, as the month's scheduled refreshes",
    { timeout: 240_000 },
    async () => {
      const { app } = apps[0]!;
      const admin = await signIn(app, ADMIN.email, ADMIN.password);
      const officer = await signIn(app, "officer@example.com", "officer-demo");
      type Listed = {
        refreshedAt: string | null;
        loanType: string | null;
        opportunities: { kind: string; label: string; figures: { rule?: string } }[];
      };
      const list = async () =>
        (await call(app, "GET", "/api/clients?size=50", { cookie: officer })).body.clients as Listed[];
      await until(async () => (await list()).every((c) => c.refreshedAt), "the demo portfolio refreshed");
      // Each counted once as its month's scheduled refresh.
      expect((await budgetOf(app, admin)).spent).toBe(DEMO_CLIENTS);
      const clients = await list();
      const tags = clients.flatMap((c) => c.opportunities.map((o) => ({ ...o, loanType: c.loanType })));
      expect(tags.length).toBeGreaterThan(0);
      // Mortgage insurance follows the loan's kind: never on a VA loan.
      expect(tags.filter((t) => t.kind === "mortgage_insurance" && t.loanType === "va")).toEqual([]);
      const page = await (await fetch(`${app.url}/clients`, { headers: { Cookie: officer } })).text();
      expect(page).not.toContain("Refreshing your new clients");
    },
  );

  it(
    "queues an import's first refreshes at once, claimed within the month's budget and the officer's share of it, and /clients says how far they are",
    { timeout: 120_000 },
    async () => {
      const { app } = apps[1]!;
      const admin = await signIn(app, ADMIN.email, ADMIN.password);
      const email = `officer-${unique()}@example.com`;
      expect(
        (
          await call(app, "POST", "/api/admin/users", {
            cookie: admin,
            body: { email, password: "officer-password", role: "loan_officer" },
          })
        ).status,
      ).toBe(201);
      const officer = await signIn(app, email, "officer-password");
      // A budget of 8: one officer's first refreshes may take a quarter of it (2) at once, whatever they import.
      expect(
        (await call(app, "PUT", "/api/admin/refresh-budget", { cookie: admin, body: { monthlyBudget: 8 } })).status,
      ).toBe(200);
      const csv = (names: string[]) =>
        ["name,address", ...names.map((name) => `"${name}","947 Greenwood Ave NE, Atlanta, GA 30306"`)].join("\n");
      const imported = await call(app, "POST", "/api/clients/import", {
        cookie: officer,
        body: { csv: csv(["Katherine Roberts", "Kate Roberts", "Kay Roberts"]) },
      });
      expect(imported.body).toMatchObject({ created: 3, refreshing: 2 });
      // Claimed when queued (nobody runs them here): the answer promises only what will run, and the month counts them.
      expect((await budgetOf(app, admin)).spent).toBe(2);
      const again = await call(app, "POST", "/api/clients/import", {
        cookie: officer,
        body: { csv: csv(["Kit Roberts", "Kat Roberts"]) },
      });
      expect(again.body).toMatchObject({ created: 2, refreshing: 0 });
      expect((await budgetOf(app, admin)).spent).toBe(2);
      const page = await (await fetch(`${app.url}/clients`, { headers: { Cookie: officer } })).text();
      expect(page).toContain("Refreshing your new clients: 0 of 2 done.");
    },
  );
});
