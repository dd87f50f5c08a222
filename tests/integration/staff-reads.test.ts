import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { softAssertion } from "@/lib/testing/soft-passkey";
import { call, deedName, houses, latestMail, passkeyOf, sessionFrom, signIn, unique } from "./client";
import { startOwnApp } from "./processes";
import type { AppInfo } from "./setup";

interface Event {
  id: number;
  action: string;
  outcome: string;
  actor: { email: string | null };
  detail: Record<string, unknown> | null;
  requestId: string | null;
}

const OFFICER = { email: "officer@example.com", password: "officer-demo" };

/**
 * Staff GET routes that show no customer's data, each with why: every other staff GET route of the OpenAPI document
 * must write a row of the activity log when it answers. A new route is walked unless it is named here.
 */
const ROUTES_WITHOUT_CUSTOMER_DATA: Record<string, string> = {
  "/api/account/security": "the reader's own sign-in settings",
  "/api/account/mail-preferences": "the reader's own mail settings",
  "/api/account/lead-mail": "the reader's own lead mail setting",
  "/api/admin/embedded-clock": "the embedded service's clock",
  "/api/admin/jobs": "the job queue's runs and counts",
  "/api/admin/offers": "the organization's offers",
  "/api/admin/refresh-budget": "the month's refresh budget and its count",
  "/api/admin/settings": "the organization's settings",
  "/api/admin/sites": "the partner sites and their origins",
  "/api/admin/usage": "calls and cache hits per operation",
  "/api/account/tokens": "the reader's own API tokens (names, scopes, dates; never a token)",
  "/api/admin/tokens": "the staff's API tokens (names, scopes, owners' emails, dates; never a token)",
  "/api/account/officer-profile": "the reader's own card (their name, title, phone, NMLS ID)",
  "/api/admin/organization": "the organization's name, NMLS ID, disclosures and default officer",
  "/api/admin/webhooks": "the CRM endpoints (URLs and events; never a secret)",
};

/** Staff pages that show no customer's data, each with why; every other page staff may open must write a row. */
const PAGES_WITHOUT_CUSTOMER_DATA: Record<string, string> = {
  "/account": "the reader's own account",
  "/account/security": "the reader's own factors",
  "/start": "where a signed-in person starts",
  "/verify": "the second-factor step of a sign-in",
  "/admin": "staff, settings, partner sites and call counts",
  "/admin/jobs": "the job queue's runs",
  "/admin/webhooks": "the CRM endpoints and their deliveries' status, time and response code (never a payload)",
  "/lookup": "an empty form: each lookup it makes is logged by its action",
  "/clients/import": "the import, add and download forms: each is logged by its own request",
};

/** The pages under app/ that staff may open: each page that asks requirePageUser for a staff role, by its path. */
function staffPages(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "page.tsx") {
        const roles = /requirePageUser\(\s*([^,]+),/.exec(readFileSync(path, "utf8"))?.[1] ?? "";
        if (!/STAFF|ROLES|loan_officer|admin/.test(roles)) continue;
        const route = relative("app", path)
          .split(sep)
          .slice(0, -1)
          .filter((part) => !/^\(.*\)$/.test(part));
        pages.push(`/${route.join("/")}`);
      }
    }
  };
  walk("app");
  return pages.sort();
}

/**
 * Reading the customers' records in bulk (more than 50 at once) asks for a recent second factor and is an export in the
 * log; every staff route and page that shows customer data writes a read row (issue 38 item 5). An app of its own,
 * whose step-up time is 3 s, so that a session's factor grows old within the test.
 */
describe("staff reads of customer data (an app whose step-up time is 3 s)", () => {
  let stop: (() => Promise<void>) | undefined;
  let app: AppInfo;
  let admin: string;
  /** Values for the dynamic segments of routes and pages (`{leadId}`, `[leadId]`): records the staff may read. */
  const segments: Record<string, string> = {};
  const filled = (path: string) =>
    path.replace(/\{(\w+)\}|\[(\w+)\]/g, (whole, a?: string, b?: string) => segments[a ?? b ?? ""] ?? whole);
  let officer: string;

  const stepUp = async (email: string, cookie: string, headers: Record<string, string> = {}) => {
    const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie, headers })).body;
    const key = passkeyOf(app, email)!;
    expect(
      (
        await call(app, "POST", "/api/account/second-factor", {
          cookie,
          headers,
          body: { passkey: softAssertion(key, options, app.url) },
        })
      ).status,
    ).toBe(200);
  };
  /** The admin's second session, which reads the log for the checks: its reads add up apart from the tested one's. */
  let auditor: string;
  const stale = () => new Promise((resolve) => setTimeout(resolve, 3_500));
  /**
   * The actor's newest rows (at most 50: no step-up), read with a request id of the test's own so its own rows are told
   * apart.
   */
  const rowsOf = async (email: string): Promise<Event[]> => {
    const headers = { "X-Request-Id": `walk-check-${unique()}` };
    const read = () =>
      call(app, "GET", `/api/admin/audit?${new URLSearchParams({ actor: email, limit: "50" })}`, {
        cookie: auditor,
        headers,
      });
    let reply = await read();
    // This check reads the log 50 rows at a time, often: past 500 rows in ten minutes its session steps up, as an
    // auditor's would.
    if (reply.body.error?.code === "step_up_required") {
      await stepUp(app.admin.email, auditor, headers);
      reply = await read();
    }
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    // The month's scheduled refreshes of the clients imported here run in the background and are logged under their
    // officer (this admin): they are the job's rows, not the requests' this file checks, and may land between them.
    return (reply.body.events as Event[]).filter(
      (e) => !e.requestId?.startsWith("walk-check-") && e.action !== "client.refresh.scheduled",
    );
  };
  const newestId = async (email: string) => (await rowsOf(email))[0]?.id ?? 0;

  beforeAll(async () => {
    ({ app, stop } = await startOwnApp("staff-reads", { STEP_UP_MINUTES: "0.05", WEBHOOKS_ALLOW_PRIVATE: "true" }));
    const { url } = app;
    admin = await signIn(app, app.admin.email, app.admin.password);
    auditor = await signIn(app, app.admin.email, app.admin.password);
    // A CRM endpoint, for the routes of one endpoint's deliveries.
    const endpoint = await call(app, "POST", "/api/admin/webhooks", {
      cookie: admin,
      body: { url: "http://127.0.0.1:9/crm", events: ["lead.created"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    segments.webhookId = String(endpoint.body.id);
    officer = await signIn(app, OFFICER.email, OFFICER.password);
    // One of the demo officer's clients, for the routes and the page of one client.
    segments.clientId = String((await call(app, "GET", "/api/clients?size=1", { cookie: officer })).body.clients[0].id);
    // The demo officer's 50 clients and three of the admin's own: an admin sees 53.
    const csv = [
      "name,email,address",
      ...houses(1200, 3).map((address) => `"${Object.values(deedName(address)).join(" ")}",,"${address}"`),
    ].join("\n");
    const imported = await call(app, "POST", "/api/clients/import", { cookie: admin, body: { csv } });
    expect(imported.body).toMatchObject({ created: 3 });
    // A lead of the demo officer's (from a client they invited), for the routes and pages of one lead.
    const [home] = houses(1650, 1) as [string];
    const email = `staff-reads-owner-${unique()}@example.com`;
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: officer,
          body: { email, ...deedName(home), address: home },
        })
      ).status,
    ).toBe(201);
    const { token } = await latestMail(app, admin, email);
    const accepted = await fetch(`${url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "a-good-long-password" }),
    });
    const owner = sessionFrom(accepted)!;
    const propertyId = (await call(app, "GET", "/api/owner-data", { cookie: owner })).body.properties[0].propertyId;
    const lead = await call(app, "POST", "/api/leads", {
      cookie: owner,
      body: { kind: "question", propertyId, message: "Can I borrow?" },
    });
    expect(lead.status).toBe(201);
    segments.leadId = String(lead.body.lead.id);
  });

  afterAll(async () => {
    await stop?.();
  });

  it("more than 50 clients' figures through GET /api/clients ask for step-up and are an export row with the count", async () => {
    await stale();
    const refused = await call(app, "GET", "/api/clients?size=500", { cookie: admin });
    expect([refused.status, refused.body.error?.code]).toEqual([403, "step_up_required"]);
    const [tried] = await rowsOf(app.admin.email);
    expect(tried).toMatchObject({
      action: "clients.export",
      outcome: "refused",
      detail: { via: "api", reason: "step_up_required" },
    });

    // A page of 50 is a read, not an export: no step-up, one row naming the count.
    const page = await call(app, "GET", "/api/clients?size=50", { cookie: admin });
    expect(page.status).toBe(200);
    expect(page.body.clients).toHaveLength(50);
    const [read] = await rowsOf(app.admin.email);
    expect(read).toMatchObject({ action: "clients.read", outcome: "allowed", detail: { count: 50 } });

    await stepUp(app.admin.email, admin);
    const all = await call(app, "GET", "/api/clients?size=500", { cookie: admin });
    expect(all.status).toBe(200);
    expect(all.body.clients).toHaveLength(53);
    const [exported] = await rowsOf(app.admin.email);
    expect(exported).toMatchObject({ action: "clients.export", outcome: "allowed", detail: { count: 53, via: "api" } });
  });

  it("50 clients at a time, a session past 500 in ten minutes steps up: paging is not a way around the export rule (issue 53)", async () => {
    const pager = await signIn(app, OFFICER.email, OFFICER.password);
    await stale();
    for (let page = 1; page <= 10; page++) {
      const reply = await call(app, "GET", "/api/clients?size=50", { cookie: pager });
      expect([page, reply.status, reply.body.clients?.length]).toEqual([page, 200, 50]);
    }
    const refused = await call(app, "GET", "/api/clients?size=50", { cookie: pager });
    expect([refused.status, refused.body.error?.code]).toEqual([403, "step_up_required"]);
    const [tried] = await rowsOf(OFFICER.email);
    expect(tried).toMatchObject({
      action: "clients.export",
      outcome: "refused",
      detail: { count: 50, via: "api", reason: "step_up_required", sessionRows: "more than 500 in 10 minutes" },
    });
    // One lead at a time adds up too: walking ids is paging (review).
    const one = await call(app, "GET", `/api/leads/${segments.leadId}`, { cookie: pager });
    expect([one.status, one.body.error?.code]).toEqual([403, "step_up_required"]);
    // The officer's other session has its own count; with a factor given again, this one reads on, as an export.
    const other = await signIn(app, OFFICER.email, OFFICER.password);
    expect((await call(app, "GET", "/api/clients?size=50", { cookie: other })).status).toBe(200);
    await stepUp(OFFICER.email, pager);
    expect((await call(app, "GET", "/api/clients?size=50", { cookie: pager })).status).toBe(200);
    const [exported] = await rowsOf(OFFICER.email);
    expect(exported).toMatchObject({ action: "clients.export", outcome: "allowed", detail: { count: 50 } });
  });

  it("a page past the session's allowance asks for the step-up instead of showing the records, then shows them (issue 53)", async () => {
    // A stolen cookie that already read 500 records through the API: the pages are not a way around the allowance.
    const thief = await signIn(app, OFFICER.email, OFFICER.password);
    await stale();
    const read: { name: string; address: string | null; email: string | null }[] = [];
    for (let page = 1; page <= 10; page++) {
      const reply = await call(app, "GET", "/api/clients?size=50", { cookie: thief });
      expect([page, reply.status]).toEqual([page, 200]);
      if (page === 1) read.push(...reply.body.clients);
    }
    const before = await newestId(OFFICER.email);
    const refused = await fetch(`${app.url}/clients`, { headers: { Cookie: thief } });
    // 200: the page answers with what the reader can do (confirm it is them), as the app's other pages show a problem
    // in their body; an App Router page cannot set its status once it streams, and the records are not in it.
    expect(refused.status).toBe(200);
    const html = await refused.text();
    // The prompt's heading (its words alone are also among the staff pages' client messages, drawn or not).
    const prompt = "Confirm it is you to go on</h1>";
    expect(html.includes(prompt), "the prompt").toBe(true);
    expect(html.includes('data-testid="client"'), "a client's row").toBe(false);
    for (const client of read)
      for (const value of [client.name, client.address, client.email])
        if (value && /^[\w .,@-]+$/.test(value)) expect(html, value).not.toContain(value);
    const rows = (await rowsOf(OFFICER.email)).filter((row) => row.id > before);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "clients.export",
        outcome: "refused",
        detail: expect.objectContaining({
          via: "page",
          reason: "step_up_required",
          sessionRows: "more than 500 in 10 minutes",
        }),
      }),
    ]);
    // The dialog's step-up, then the page again (its router.refresh()): the clients are there, the read an export.
    await stepUp(OFFICER.email, thief);
    const shown = await (await fetch(`${app.url}/clients`, { headers: { Cookie: thief } })).text();
    expect(shown.includes(prompt), "the prompt again").toBe(false);
    expect(shown.match(/data-testid="client"/g)?.length).toBeGreaterThan(0);
    expect((await rowsOf(OFFICER.email))[0]).toMatchObject({
      action: "clients.export",
      outcome: "allowed",
      detail: { via: "page" },
    });
  });

  it("/leads, /admin/audit and /admin/outbox ask for the step-up past the allowance too, each a refused row of its own", async () => {
    const thief = await signIn(app, app.admin.email, app.admin.password);
    await stale();
    for (let page = 1; page <= 10; page++)
      expect((await call(app, "GET", "/api/clients?size=50", { cookie: thief })).body.clients).toHaveLength(50);
    for (const page of ["/leads", "/admin/audit", "/admin/outbox"]) {
      const before = await newestId(app.admin.email);
      const view = await fetch(`${app.url}${page}`, { headers: { Cookie: thief } });
      expect(view.status, page).toBe(200);
      expect((await view.text()).includes("Confirm it is you to go on</h1>"), page).toBe(true);
      const rows = (await rowsOf(app.admin.email)).filter((row) => row.id > before);
      expect(rows, page).toEqual([
        expect.objectContaining({
          outcome: "refused",
          detail: expect.objectContaining({ via: "page", reason: "step_up_required" }),
        }),
      ]);
    }
  });

  it(
    "more than 50 clients' opportunities through GET /api/opportunities ask for step-up and are an export row with the count",
    { timeout: 120_000 },
    async () => {
      // Every client with equity to spare has an opportunity: the minimums at nothing, then all 53 refreshed (25 a
      // request).
      await stepUp(app.admin.email, admin);
      const settings = { orgMaxLtv: 0.95, opportunityHelocMin: 0, opportunityCashOutMin: 0 };
      expect((await call(app, "PUT", "/api/admin/settings", { cookie: admin, body: settings })).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await call(app, "POST", "/api/clients/refresh", { cookie: admin })).body).toMatchObject({
          stopped: null,
        });
      await stale();
      const refused = await call(app, "GET", "/api/opportunities", { cookie: admin });
      expect([refused.status, refused.body.error?.code]).toEqual([403, "step_up_required"]);
      expect((await rowsOf(app.admin.email))[0]).toMatchObject({
        action: "clients.export",
        outcome: "refused",
        detail: { list: "opportunities", via: "api" },
      });
      // The step-up, as the page's dialog has it, and the list comes whole.
      await stepUp(app.admin.email, admin);
      const all = await call(app, "GET", "/api/opportunities", { cookie: admin });
      expect(all.status).toBe(200);
      const clients = new Set(all.body.opportunities.map((o: { clientId: number }) => o.clientId));
      expect(clients.size).toBeGreaterThan(50);
      expect((await rowsOf(app.admin.email))[0]).toMatchObject({
        action: "clients.export",
        outcome: "allowed",
        detail: { list: "opportunities", count: clients.size },
      });
    },
  );

  it("the /clients page names only its page of customers, each with their opportunities on their row (review)", async () => {
    // The 53 clients above all have opportunities; the second page lists 3 clients, and their opportunities are tags on
    // their own rows: the view names those 3 customers and no other (no list of opportunities beside them any more).
    await stale();
    const view = await fetch(`${app.url}/clients?page=2`, { headers: { Cookie: admin } });
    expect(view.status).toBe(200);
    const [row] = (await rowsOf(app.admin.email)).filter((e) => e.action === "clients.read");
    expect(row).toMatchObject({ outcome: "allowed", detail: { via: "page" } });
    const count = row!.detail!.count as number;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(50);
    expect(String(row!.detail!.clientIds).split(",")).toHaveLength(count);
    expect(row!.detail!.opportunities).toBeGreaterThanOrEqual(count);
    expect((await view.text()).match(/data-testid="client"/g)).toHaveLength(count);
  });

  it("more than 50 rows of the activity log as JSON ask for step-up and are an export row with the count", async () => {
    // Enough rows in the log for a page of more than 50.
    for (let i = 0; i < 51; i++)
      expect((await call(app, "GET", "/api/admin/audit/verify", { cookie: admin })).status).toBe(200);
    await stale();
    const refused = await call(app, "GET", "/api/admin/audit?limit=200", { cookie: admin });
    expect([refused.status, refused.body.error?.code]).toEqual([403, "step_up_required"]);
    expect((await rowsOf(app.admin.email))[0]).toMatchObject({
      action: "audit.export",
      outcome: "refused",
      detail: { via: "api" },
    });

    await stepUp(app.admin.email, admin);
    const page = await call(app, "GET", "/api/admin/audit?limit=200", {
      cookie: admin,
      headers: { "X-Request-Id": `bulk-read-${unique()}` },
    });
    expect(page.status).toBe(200);
    expect(page.body.events.length).toBeGreaterThan(50);
    const [exported] = await rowsOf(app.admin.email);
    expect(exported).toMatchObject({
      action: "audit.export",
      outcome: "allowed",
      detail: { via: "api", count: page.body.events.length },
    });
  });

  it("every staff GET route of the API that shows customer data writes a row of the log, once per request", async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const [address] = houses(1210, 1) as [string];
    const queries: Record<string, string> = {
      "/api/property/summary": `?${new URLSearchParams({ address })}`,
      "/api/property/report": `?${new URLSearchParams({ address, applicant_name: "Pat Doe", format: "json" })}`,
    };
    const walked: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      const roles = /Who may call it: ([^.]*)\./.exec(methods.get?.description ?? "")?.[1]?.split(", ") ?? [];
      if (!roles.some((role) => role === "loan_officer" || role === "admin") || path in ROUTES_WITHOUT_CUSTOMER_DATA)
        continue;
      const [email, cookie] = roles.includes("loan_officer") ? [OFFICER.email, officer] : [app.admin.email, admin];
      const before = await newestId(email);
      // A bulk read or an export asks for a recent factor: given just before, as the page's dialog has it.
      await stepUp(email, cookie);
      const reply = await call(app, "GET", `${filled(path)}${queries[path] ?? ""}`, { cookie });
      expect(reply.status, `GET ${path}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBe(200);
      const rows = (await rowsOf(email)).filter((row) => row.id > before && row.action !== "signin.second_factor");
      expect(rows.length, `GET ${path} wrote no row of the activity log`).toBeGreaterThanOrEqual(1);
      expect(rows.length, `GET ${path} wrote a row per record, not one per request`).toBeLessThanOrEqual(2);
      walked.push(path);
    }
    expect(walked).toEqual(
      expect.arrayContaining(["/api/clients", "/api/opportunities", "/api/admin/audit", "/api/clients/export"]),
    );
  });

  it("every staff page that shows customer data writes one row of the log when it is viewed", async () => {
    const pages = staffPages().filter((page) => !(page in PAGES_WITHOUT_CUSTOMER_DATA));
    expect(pages).toEqual(expect.arrayContaining(["/clients", "/admin/audit"]));
    for (const page of pages) {
      const staffOnly = /^\/admin/.test(page);
      const [email, cookie] = staffOnly ? [app.admin.email, admin] : [OFFICER.email, officer];
      const before = await newestId(email);
      const response = await fetch(`${app.url}${filled(page)}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.status, page).toBe(200);
      await response.text();
      const rows = (await rowsOf(email)).filter((row) => row.id > before);
      expect(rows.length, `${page} wrote no row of the activity log`).toBe(1);
    }
  });
});
