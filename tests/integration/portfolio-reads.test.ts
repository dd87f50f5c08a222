import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signIn, unique } from "./client";
import { startOwnApp } from "./processes";
import type { AppInfo } from "./setup";

interface Entry {
  action: string;
  description: string;
  address: string | null;
  by: { email: string | null; role: string | null };
}

/**
 * An officer's refresh of a client reads the home's loans and equity: the homeowner of that home sees it in "Who looked
 * at my home's records", by hand and by the monthly job (issue 38 item 13).
 */
describe("the portfolio's refreshes in the homeowner's access log", () => {
  // An app of its own: the monthly job refreshes every client not yet refreshed this month, and on the shared app that
  // is every client the other files added (minutes of calls) before this one.
  let app: AppInfo;
  let stop: (() => Promise<void>) | undefined;
  afterAll(() => stop?.());
  const officerEmail = `refresher-${unique()}@example.com`;
  let admin: string;
  let officer: string;
  let homeowner: string;
  let home: string;
  let clientId: number;

  const entriesBy = async (email: string): Promise<Entry[]> => {
    const log = await call(app, "GET", "/api/account/access-log", { cookie: homeowner });
    expect(log.status).toBe(200);
    return (log.body.entries as Entry[]).filter((e) => e.by.email === email);
  };

  beforeAll(async () => {
    ({ app, stop } = await startOwnApp("portfolio-reads"));
    admin = await signIn(app, app.admin.email, app.admin.password);
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email: officerEmail, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    officer = await signIn(app, officerEmail, "officer-password");
    // The demo homeowner proved their home: it becomes a client of the new officer too.
    homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
    const owned = await call(app, "GET", "/api/owner-data", { cookie: homeowner });
    expect(owned.status).toBe(200);
    home = owned.body.properties[0].facts.address;
    const added = await call(app, "POST", "/api/clients", {
      cookie: officer,
      body: { firstName: "Demo", lastName: "Homeowner", address: home },
    });
    expect(added.status).toBe(201);
    clientId = added.body.id;
  });

  it("an officer's refresh of the client shows in the homeowner's access log, in words, with the officer", async () => {
    expect(await entriesBy(officerEmail)).toEqual([]);
    const refreshed = await call(app, "POST", `/api/clients/${clientId}/refresh`, { cookie: officer });
    expect(refreshed.status).toBe(200);
    const entries = await entriesBy(officerEmail);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "client.refresh",
      description: "Your loan officer refreshed your home's value and equity",
      address: home,
      by: { email: officerEmail, role: "loan_officer" },
    });
    // "Refresh all" reads the same home again: one more row.
    expect((await call(app, "POST", "/api/clients/refresh", { cookie: officer })).status).toBe(200);
    expect(await entriesBy(officerEmail)).toHaveLength(2);
    // The homeowner's page says it in the same words.
    const page = await (await fetch(`${app.url}/account`, { headers: { Cookie: homeowner } })).text();
    expect(page).toContain("Your loan officer refreshed your home&#x27;s value and equity");
  });

  it(
    "the monthly job's refresh names the officer whose client it is, says it was scheduled, and reads as the monthly check",
    { timeout: 180_000 },
    async () => {
      const budget = await call(app, "GET", "/api/admin/refresh-budget", { cookie: admin });
      expect(budget.status).toBe(200);
      // Room for every client not yet refreshed this month, the new one among them.
      const room = { monthlyBudget: budget.body.spent + 10_000 };
      expect((await call(app, "PUT", "/api/admin/refresh-budget", { cookie: admin, body: room })).status).toBe(200);
      try {
        expect(
          (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } }))
            .status,
        ).toBe(202);
        let scheduled: Entry | undefined;
        for (let waited = 0; !scheduled && waited < 150_000; waited += 1_000) {
          scheduled = (await entriesBy(officerEmail)).find((e) => e.action === "client.refresh.scheduled");
          if (!scheduled) await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        expect(scheduled).toMatchObject({
          description: "Your loan officer's monthly check of your home's equity",
          address: home,
          by: { email: officerEmail, role: "loan_officer" },
        });
        const rows = await call(
          app,
          "GET",
          `/api/admin/audit?${new URLSearchParams({ actor: officerEmail, action: "client.refresh.scheduled" })}`,
          {
            cookie: admin,
          },
        );
        expect(rows.body.events[0]).toMatchObject({ address: home, detail: { clientId, scheduled: true } });
      } finally {
        await call(app, "PUT", "/api/admin/refresh-budget", {
          cookie: admin,
          body: { monthlyBudget: budget.body.budget },
        });
      }
    },
  );
});
