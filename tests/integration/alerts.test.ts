import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, jobsSettled, signIn, unique } from "./client";

interface Opportunity {
  id: number;
  kind: string;
  status: string;
  reason: string;
  worth: number;
  best: boolean;
  figures: Record<string, number | string | null>;
}
interface Client {
  id: number;
  name: string;
  address: string;
  noteRate: number | null;
  loanBalance: number | null;
  loanType: string | null;
  closingDate: string | null;
  originalLoanAmount: number | null;
  originalValue: number | null;
  mortgageInsurance: boolean | null;
  refreshedAt: string | null;
  opportunities: Opportunity[];
}

/** Issue 54's "Done when", on the demo officer's portfolio after a refresh, and on the day of an import. */
describe("alerts worth a call on the demo portfolio", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let demo: string;
  let currentRate: number;
  let clients: Client[] = [];

  /** Every client of an officer, a page of 50 at a time (a bigger read would ask for a step-up). */
  async function allClients(cookie: string): Promise<Client[]> {
    const all: Client[] = [];
    for (let page = 1; ; page++) {
      const reply = await call(app, "GET", `/api/clients?sort=name&page=${page}`, { cookie });
      expect(reply.status).toBe(200);
      all.push(...reply.body.clients);
      if (page >= reply.body.pages) return all;
    }
  }

  /** "Refresh 25 least recent" until every client was refreshed since `since`, waiting when the allowance is spent. */
  async function refreshEveryone(cookie: string, since: number) {
    for (let round = 0; round < 12; round++) {
      const listed = await allClients(cookie);
      if (listed.every((c) => c.refreshedAt && Date.parse(c.refreshedAt) >= since)) return listed;
      const reply = await call(app, "POST", "/api/clients/refresh", { cookie });
      expect(reply.status).toBe(200);
      if (reply.body.stopped) await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
    throw new Error("the portfolio was not refreshed in 12 rounds");
  }

  const live = (c: Client) => c.opportunities.filter((o) => o.status !== "closed");

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    demo = await signIn(app, "officer@example.com", "officer-demo");
    currentRate = (await call(app, "GET", "/api/admin/settings", { cookie: admin })).body.orgCurrentRate;
    // The demo portfolio's first refreshes run as jobs once the app starts: a refresh by hand waits for them.
    await jobsSettled(app, admin, ["client-refresh"], 120_000);
    clients = await refreshEveryone(demo, Date.now());
    const count = (kind: string) =>
      clients.filter((c) => live(c).some((o) => (o.figures.rule ?? o.kind) === kind)).length;
    const kinds = [...new Set(clients.flatMap((c) => live(c).map((o) => String(o.figures.rule ?? o.kind))))].sort();
    console.log(
      `demo portfolio, ${clients.length} clients refreshed; clients per kind: ${kinds.map((k) => `${k} ${count(k)}`).join(", ")}`,
    );
  }, 300_000);

  it("tags no cash-out where the client's rate is more than a point under today's", () => {
    expect(clients.length).toBeGreaterThanOrEqual(45);
    const far = clients.filter((c) => c.noteRate !== null && currentRate - c.noteRate > 1);
    // The demo is mostly 2020–2021 loans at 2.7% to 4.5%: the line is their product.
    expect(far.length).toBeGreaterThan(20);
    for (const c of far)
      expect(
        live(c).map((o) => o.kind),
        `${c.name} at ${c.noteRate}%`,
      ).not.toContain("cash_out");
    const lines = far.filter((c) => live(c).some((o) => o.kind === "home_equity_line"));
    expect(lines.length).toBeGreaterThan(10);
    for (const c of lines)
      expect(live(c).find((o) => o.kind === "home_equity_line")!.reason).toMatch(/is more than 1 point under today's/);
  });

  it("tags no refinance whose saving cannot repay its costs within the break-even", () => {
    const refinances = clients.flatMap((c) =>
      live(c).filter(
        (o) => o.kind === "rate_refinance" || o.figures.rule === "fha_refinance" || o.figures.rule === "usda_refinance",
      ),
    );
    for (const o of refinances) {
      const [monthlySaving, closingCosts, breakEven, breakEvenMonths] = (
        ["monthlySaving", "closingCosts", "breakEven", "breakEvenMonths"] as const
      ).map((key) => Number(o.figures[key]));
      expect([monthlySaving, closingCosts, breakEven, breakEvenMonths].every(Number.isFinite)).toBe(true);
      expect(breakEven).toBeLessThanOrEqual(breakEvenMonths!);
      expect(monthlySaving! * breakEvenMonths!).toBeGreaterThanOrEqual(closingCosts! - breakEvenMonths!);
      expect(o.worth).toBeGreaterThan(0);
    }
    // The 1998 loan's $21,472 left: no rate refinance, no premium's.
    const small = clients.filter((c) => c.closingDate !== null && c.closingDate < "2000-01-01");
    for (const c of small)
      for (const o of live(c)) {
        expect(o.kind).not.toBe("rate_refinance");
        expect(o.figures.rule ?? null).not.toBe("fha_refinance");
      }
  });

  it("marks at most one best action per client: the one being worked that is worth the most", () => {
    for (const c of clients) {
      const best = c.opportunities.filter((o) => o.best);
      expect(best.length, c.name).toBeLessThanOrEqual(1);
      const working = c.opportunities.filter((o) => o.status === "open" || o.status === "contacted");
      if (!working.length) expect(best, c.name).toEqual([]);
      else {
        expect(best, c.name).toHaveLength(1);
        expect(best[0]!.worth).toBe(Math.max(...working.map((o) => o.worth)));
      }
    }
  });

  it("moves the best action to the next when the officer dismisses it, and back when it is worked again", async () => {
    const c = clients.find((x) => x.opportunities.filter((o) => o.status === "open").length >= 2);
    if (!c) return;
    const best = c.opportunities.find((o) => o.best)!;
    const dismiss = await call(app, "PATCH", `/api/opportunities/${best.id}`, {
      cookie: demo,
      body: { status: "dismissed", reason: "recently_discussed" },
    });
    expect(dismiss.status).toBe(200);
    const after = (await allClients(demo)).find((x) => x.id === c.id)!;
    expect(after.opportunities.filter((o) => o.best).map((o) => o.id)).not.toContain(best.id);
    expect(after.opportunities.filter((o) => o.best)).toHaveLength(1);
    await call(app, "PATCH", `/api/opportunities/${best.id}`, { cookie: demo, body: { status: "open" } });
    const again = (await allClients(demo)).find((x) => x.id === c.id)!;
    expect(again.opportunities.filter((o) => o.best).map((o) => o.id)).toEqual([best.id]);
  });

  it("finds nothing new the day of an import: the same portfolio imported by another officer is its starting list", async () => {
    const email = `officer-${unique()}@example.com`;
    const made = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(made.status).toBe(201);
    const officer = await signIn(app, email, "officer-password");
    const cell = (v: unknown) => (v === null || v === undefined ? "" : `"${String(v).replace(/"/g, '""')}"`);
    // At most 50 clients: more would make their opportunities a bulk read that asks for a step-up.
    const rows = clients
      .slice(0, 50)
      .map((c) =>
        [
          c.name,
          c.address,
          c.loanBalance,
          c.noteRate,
          c.loanType,
          c.closingDate,
          c.originalLoanAmount,
          c.originalValue,
          c.mortgageInsurance === null ? null : c.mortgageInsurance ? "yes" : "no",
        ]
          .map(cell)
          .join(","),
      );
    const csv = [
      "name,address,balance,rate,type,closing date,original_loan_amount,original_value,mortgage_insurance",
      ...rows,
    ].join("\n");
    const imported = await call(app, "POST", "/api/clients/import", { cookie: officer, body: { csv } });
    expect(imported.body.errors).toEqual([]);
    const start = Date.now();
    await jobsSettled(app, admin, ["client-refresh"], 120_000);
    await refreshEveryone(officer, start);
    // Refreshed twice the same day: the second refresh finds what the first did, nothing more.
    await refreshEveryone(officer, Date.now());
    const found = (await call(app, "GET", "/api/opportunities", { cookie: officer })).body
      .opportunities as (Opportunity & {
      baseline: boolean;
    })[];
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((o) => !o.baseline)).toEqual([]);
  }, 300_000);
});

/** Review of issue 54: reading /today marks the officer's alerts seen, but only when the officer opened it. */
describe("the first screen's look", () => {
  const app = inject("apps").embedded;

  it("is not marked by another site sending the officer to /today (a cross-site link or redirect)", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const email = `look-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    const cookie = await signIn(app, email, "officer-password");
    const today = async (site: string) => {
      const response = await fetch(`${app.url}/today`, {
        headers: { cookie, "sec-fetch-site": site, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    // Sent there twice from elsewhere: still the officer's first look.
    expect(await today("cross-site")).toContain("your first look");
    expect(await today("cross-site")).toContain("your first look");
    expect(await today("same-site")).toContain("your first look");
    // Opened from the app: that look is kept, and the next view says when it was.
    expect(await today("same-origin")).toContain("your first look");
    const next = await today("same-origin");
    expect(next).not.toContain("your first look");
    expect(next).toContain("last look");
  });
});
