import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, meterFor, signIn, unique } from "./client";

/** The client portfolio: import, merge, access, refresh, opportunities and their statuses, invitations. */
describe("the client portfolio", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let officer: string;
  let otherOfficer: string;
  let homeowner: string;
  const [first, second, third] = houses(1100, 3) as [string, string, string];
  const person = (address: string) => {
    const { firstName, lastName } = deedName(address);
    return `${firstName} ${lastName}`;
  };

  async function newOfficer(): Promise<string> {
    const email = `officer-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    return signIn(app, email, "officer-password");
  }

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await newOfficer();
    otherOfficer = await newOfficer();
    homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
  });

  const csv = () =>
    [
      "name,email,address,balance,rate,type,closing date",
      `"${person(first)}",first-${unique()}@example.com,"${first}",100000,9.5,conventional,2019-05-01`,
      `"${person(second)}",,"${second}",,,,`,
      `"${person(third)}",,"${third}",,,fha,`,
      `"${person(first)}",,"${first.toLowerCase()}",,,,`,
      `Pat Doe,not-an-email,"${third}",,,,`,
      `Pat Doe,,"99999 Nowhere Blvd, Phoenix, AZ 85008",,,,`,
      `Cher,,"${second}",,,,`,
    ].join("\n");

  let ids: Record<string, number> = {};

  it("imports a CSV: row errors with field and reason, the same person at the same address merged, a second import all merged", async () => {
    const before = await meterFor(app, admin, "normalizeAddresses");
    const imported = await call(app, "POST", "/api/clients/import", { cookie: officer, body: { csv: csv() } });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 3, merged: 1 });
    expect(imported.body.errors.map((e: { line: number; field: string }) => `${e.line} ${e.field}`)).toEqual([
      "6 email",
      "7 address",
      "8 name",
    ]);
    // Every address went through the gateway and its meter: the three homes and the one that is not there.
    const after = await meterFor(app, admin, "normalizeAddresses");
    expect(after.upstreamCalls - before.upstreamCalls).toBeGreaterThanOrEqual(1);

    const again = await call(app, "POST", "/api/clients/import", { cookie: officer, body: { csv: csv() } });
    expect(again.body).toMatchObject({ created: 0, merged: 4 });
    // Known addresses are answered from the cache: the second import sends nothing new upstream.
    expect((await meterFor(app, admin, "normalizeAddresses")).upstreamCalls).toBe(after.upstreamCalls);

    const listed = await call(app, "GET", "/api/clients", { cookie: officer });
    expect(listed.body.clients).toHaveLength(3);
    ids = Object.fromEntries(listed.body.clients.map((c: { name: string; id: number }) => [c.name, c.id]));
    const firstClient = listed.body.clients.find((c: { name: string }) => c.name === person(first));
    // The row without a rate merged into the one with it: what it left blank kept the old values.
    expect(firstClient).toMatchObject({
      noteRate: 9.5,
      loanBalance: 100000,
      loanType: "conventional",
      closingDate: "2019-05-01",
      invitation: "none",
    });
  });

  it("adds a client by hand, and merges the same person at the same address", async () => {
    const { firstName, lastName } = deedName(second);
    const added = await call(app, "POST", "/api/clients", {
      cookie: officer,
      body: { firstName, lastName, address: second, noteRate: 7.25 },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: ids[person(second)], merged: true });
  });

  it("refuses bad input with 400 naming the field and the reason", async () => {
    const cases: [string, string, unknown, string][] = [
      ["POST", "/api/clients", { firstName: "Ann" }, "lastName"],
      ["POST", "/api/clients", { firstName: "Ann", lastName: "Lee", address: first, noteRate: 99 }, "noteRate"],
      [
        "POST",
        "/api/clients",
        { firstName: "Ann", lastName: "Lee", address: first, closingDate: "yesterday" },
        "closingDate",
      ],
      ["POST", "/api/clients", { firstName: "Ann", lastName: "Lee", address: "hello" }, "address"],
      ["POST", "/api/clients/import", { csv: "email\nx@y.z" }, "csv"],
      ["POST", "/api/clients/abc/refresh", undefined, "clientId"],
      ["PATCH", "/api/opportunities/1", { status: "maybe" }, "status"],
      ["GET", "/api/opportunities?kind=lottery", undefined, "kind"],
    ];
    for (const [method, path, body, field] of cases) {
      const reply = await call(app, method, path, { cookie: officer, body });
      expect(reply.status, `${method} ${path}`).toBe(400);
      expect(Object.keys(reply.body.error.fields), `${method} ${path}`).toContain(field);
      expect(reply.body.error.message.length).toBeGreaterThan(5);
    }
  });

  it("caps an import at 2,000 rows with a clear 400", async () => {
    const rows = Array.from({ length: 2001 }, (_, i) => `A${i} B,"${i + 1} Main St, Phoenix, AZ 85008"`);
    const reply = await call(app, "POST", "/api/clients/import", {
      cookie: officer,
      body: { csv: ["name,address", ...rows].join("\n") },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields.csv).toMatch(/2,001 rows; import at most 2,000/);
  });

  it("refreshes a client: figures stored, opportunities with reasons, ranked by available money", async () => {
    const refreshed = await call(app, "POST", `/api/clients/${ids[person(first)]}/refresh`, { cookie: officer });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.value).toBeGreaterThan(0);
    // Rate 9.5% against the organization's 6.25%, 269 months left: the payment's fall repays the closing costs well
    // within 36 months, a rate-and-term refinance.
    expect(refreshed.body.opportunities).toContain("rate_refinance");
    const all = await call(app, "POST", "/api/clients/refresh", { cookie: officer });
    expect(all.status).toBe(200);
    expect(all.body.refreshed + all.body.failed.length).toBe(3);

    const listed = await call(app, "GET", "/api/opportunities", { cookie: officer });
    const found = listed.body.opportunities as {
      kind: string;
      amount: number;
      reason: string;
      figures: object;
      status: string;
    }[];
    expect(found.find((o) => o.kind === "rate_refinance")).toMatchObject({
      status: "open",
      figures: expect.objectContaining({ noteRate: 9.5, currentRate: 6.25, breakEvenMonths: 36 }),
      reason: expect.stringMatching(/the payment would fall by \$[\d,]+ a month .* closing costs in \d+ months/),
      worth: expect.any(Number),
    });
    expect(found.every((o) => o.reason.length > 20)).toBe(true);
    const amounts = found.map((o) => o.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const client = (await call(app, "GET", "/api/clients", { cookie: officer })).body.clients.find(
      (c: { id: number }) => c.id === ids[person(first)],
    );
    expect(client).toMatchObject({ value: refreshed.body.value, refreshedAt: expect.any(String) });
  });

  it("marks an opportunity contacted; a refresh keeps the status; filters by kind and status", async () => {
    const [target] = (await call(app, "GET", "/api/opportunities?kind=rate_refinance&status=open", { cookie: officer }))
      .body.opportunities;
    expect(target).toBeDefined();
    const marked = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
      cookie: officer,
      body: { status: "contacted" },
    });
    expect(marked.body).toEqual({ id: target.id, status: "contacted", dismissReason: null });
    await call(app, "POST", `/api/clients/${target.clientId}/refresh`, { cookie: officer });
    const contacted = (await call(app, "GET", "/api/opportunities?status=contacted", { cookie: officer })).body
      .opportunities;
    expect(contacted.map((o: { id: number }) => o.id)).toContain(target.id);
    const open = (await call(app, "GET", "/api/opportunities?status=open&kind=rate_refinance", { cookie: officer }))
      .body.opportunities;
    expect(open.map((o: { id: number }) => o.id)).not.toContain(target.id);
    // A dismissal says why: without a reason it is a 400 naming the field; with one it is kept, and logged.
    const bare = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
      cookie: officer,
      body: { status: "dismissed" },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields).toHaveProperty("reason");
    const odd = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
      cookie: officer,
      body: { status: "dismissed", reason: "bored" },
    });
    expect(odd.body.error.fields).toHaveProperty("reason");
    const dismissed = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
      cookie: officer,
      body: { status: "dismissed", reason: "done_elsewhere", note: "Refinanced with her credit union in May" },
    });
    expect(dismissed.body).toEqual({
      id: target.id,
      status: "dismissed",
      dismissReason: "Done with another lender: Refinanced with her credit union in May",
    });
    const logged = (await call(app, "GET", "/api/admin/audit?action=opportunity.dismiss", { cookie: admin })).body
      .events;
    expect(logged[0]).toMatchObject({
      action: "opportunity.dismiss",
      detail: { opportunityId: target.id, reason: "done_elsewhere", kind: "rate_refinance" },
    });
    // The same figures at the next refresh: it stays dismissed, with its reason. So it does when the officer imports
    // the client again with another rate (what the officer types reopens nothing: it would be a way to send
    // "opportunity.found" to the lender's CRM at will).
    await call(app, "POST", `/api/clients/${target.clientId}/refresh`, { cookie: officer });
    const client = (await call(app, "GET", "/api/clients?size=100", { cookie: officer })).body.clients.find(
      (c: { id: number }) => c.id === target.clientId,
    );
    const reimport = `name,address,rate\n"${client.name}","${client.address}",20`;
    expect(
      (await call(app, "POST", "/api/clients/import", { cookie: officer, body: { csv: reimport } })).body,
    ).toMatchObject({ merged: 1 });
    await call(app, "POST", `/api/clients/${target.clientId}/refresh`, { cookie: officer });
    const kept = (await call(app, "GET", "/api/opportunities?status=dismissed", { cookie: officer })).body
      .opportunities;
    expect(kept.find((o: { id: number }) => o.id === target.id)).toMatchObject({
      dismissReason: expect.stringMatching(/^Done with another lender/),
    });
  });

  it("refuses a dismissal's note with control characters or text-direction overrides; a blank note is none", async () => {
    const [target] = (await call(app, "GET", "/api/opportunities?status=open", { cookie: officer })).body.opportunities;
    for (const note of ["\u202egnp.exe", "bell\u0007", "\u001b[31mred"]) {
      const refused = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
        cookie: officer,
        body: { status: "dismissed", reason: "other", note },
      });
      expect(refused.status, note).toBe(400);
      expect(refused.body.error.fields).toHaveProperty("note");
    }
    const blank = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
      cookie: officer,
      body: { status: "dismissed", reason: "other", note: "   " },
    });
    expect(blank.body).toMatchObject({ status: "dismissed", dismissReason: "Another reason" });
    expect(
      (await call(app, "PATCH", `/api/opportunities/${target.id}`, { cookie: officer, body: { status: "open" } }))
        .status,
    ).toBe(200);
  });

  it("shows each client once with their opportunities as tags, found again by a refresh since the day it first applied", async () => {
    const withKind = (await call(app, "GET", "/api/clients?kind=cash_out", { cookie: officer })).body.clients as {
      id: number;
      opportunities: { kind: string; label: string; new: boolean; openedAt: string; status: string }[];
    }[];
    expect(withKind.length).toBeGreaterThan(0);
    for (const client of withKind)
      expect(client.opportunities.some((o) => o.kind === "cash_out" && o.status !== "dismissed")).toBe(true);
    const [client] = withKind;
    const before = client!.opportunities.find((o) => o.kind === "cash_out")!;
    await call(app, "POST", `/api/clients/${client!.id}/refresh`, { cookie: officer });
    const after = (
      (await call(app, "GET", "/api/clients?kind=cash_out", { cookie: officer })).body.clients as typeof withKind
    ).find((c) => c.id === client!.id)!;
    const again = after.opportunities.find((o) => o.kind === "cash_out")!;
    // Found again by a later refresh: it keeps the day it first applied, and a refresh does not make it new (new is
    // opened since the officer last looked: lib/portfolio/alerts.ts).
    expect(again).toMatchObject({ label: "Cash-out refinance", new: before.new, openedAt: before.openedAt });
    const bad = await call(app, "GET", "/api/clients?kind=everything", { cookie: officer });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("kind");
  });

  it("opens a dismissed opportunity again, new, once its figures move past the thresholds", async () => {
    const [target] = (await call(app, "GET", "/api/opportunities?kind=cash_out&status=open", { cookie: officer })).body
      .opportunities;
    expect(target).toBeDefined();
    const dismissed = await call(app, "PATCH", `/api/opportunities/${target.id}`, {
      cookie: officer,
      body: { status: "dismissed", reason: "not_interested" },
    });
    expect(dismissed.status).toBe(200);
    const { orgMaxLtv } = (await call(app, "GET", "/api/admin/settings", { cookie: admin })).body;
    try {
      // Ten points more of the home's value may be borrowed: what the client could take out moves by far more than the
      // home equity line's minimum.
      expect(
        (await call(app, "PUT", "/api/admin/settings", { cookie: admin, body: { orgMaxLtv: orgMaxLtv + 0.1 } })).status,
      ).toBe(200);
      await call(app, "POST", `/api/clients/${target.clientId}/refresh`, { cookie: officer });
    } finally {
      await call(app, "PUT", "/api/admin/settings", { cookie: admin, body: { orgMaxLtv } });
    }
    const clients = (await call(app, "GET", "/api/clients?kind=cash_out", { cookie: officer })).body.clients as {
      id: number;
      opportunities: { id: number; status: string; new: boolean; dismissReason: string | null }[];
    }[];
    const reopened = clients.find((c) => c.id === target.clientId)!.opportunities.find((o) => o.id === target.id);
    expect(reopened).toMatchObject({ status: "open", new: true, dismissReason: null });
  });

  it("closes an opportunity that no longer applies at the next refresh; a closed one cannot be changed", async () => {
    const id = ids[person(first)]!;
    const [before] = (
      await call(app, "GET", "/api/opportunities?kind=rate_refinance", { cookie: officer })
    ).body.opportunities.filter((o: { clientId: number }) => o.clientId === id);
    expect(before).toBeDefined();
    // The officer learns the client already refinanced at 6%: the same person at the same address, merged.
    const { firstName, lastName } = deedName(first);
    expect(
      (
        await call(app, "POST", "/api/clients", {
          cookie: officer,
          body: { firstName, lastName, address: first, noteRate: 6 },
        })
      ).status,
    ).toBe(200);
    const refreshed = await call(app, "POST", `/api/clients/${id}/refresh`, { cookie: officer });
    expect(refreshed.body.opportunities).not.toContain("rate_refinance");
    const after = (await call(app, "GET", "/api/opportunities?kind=rate_refinance", { cookie: officer })).body
      .opportunities;
    expect(after.map((o: { id: number }) => o.id)).not.toContain(before.id);
    const closed = await call(app, "PATCH", `/api/opportunities/${before.id}`, {
      cookie: officer,
      body: { status: "open" },
    });
    expect(closed.status).toBe(409);
  });

  it("keeps one officer out of another's clients; an admin sees everyone's", async () => {
    const theirs = (await call(app, "GET", "/api/clients", { cookie: otherOfficer })).body.clients;
    expect(theirs).toEqual([]);
    const id = ids[person(first)]!;
    expect((await call(app, "POST", `/api/clients/${id}/refresh`, { cookie: otherOfficer })).status).toBe(404);
    expect((await call(app, "POST", `/api/clients/${id}/invite`, { cookie: otherOfficer })).status).toBe(404);
    const [opportunity] = (await call(app, "GET", "/api/opportunities", { cookie: officer })).body.opportunities;
    expect(
      (
        await call(app, "PATCH", `/api/opportunities/${opportunity.id}`, {
          cookie: otherOfficer,
          body: { status: "dismissed", reason: "other" },
        })
      ).status,
    ).toBe(404);
    expect((await call(app, "GET", "/api/opportunities", { cookie: otherOfficer })).body.opportunities).toEqual([]);
    // Everyone's is more than a page: each client found by name.
    for (const [name, id] of Object.entries(ids)) {
      const found = (
        await call(app, "GET", `/api/clients?q=${encodeURIComponent(name)}`, { cookie: admin })
      ).body.clients.map((c: { id: number }) => c.id);
      expect(found).toContain(id);
    }
  });

  it("refuses homeowners, at the API and the page", async () => {
    expect((await call(app, "GET", "/api/clients", { cookie: homeowner })).status).toBe(403);
    expect((await call(app, "POST", "/api/clients/import", { cookie: homeowner, body: { csv: csv() } })).status).toBe(
      403,
    );
    expect((await call(app, "GET", "/api/clients")).status).toBe(401);
    const page = await fetch(`${app.url}/clients`, { headers: { Cookie: homeowner }, redirect: "manual" });
    expect(page.status).toBe(404);
  });

  it("invites a client with an email to their dashboard, through the existing invitation", async () => {
    const id = ids[person(first)]!;
    const invited = await call(app, "POST", `/api/clients/${id}/invite`, { cookie: officer });
    expect(invited.status).toBe(201);
    const client = (await call(app, "GET", "/api/clients", { cookie: officer })).body.clients.find(
      (c: { id: number }) => c.id === id,
    );
    expect(client.invitation).toBe("pending");
    const noEmail = await call(app, "POST", `/api/clients/${ids[person(second)]}/invite`, { cookie: officer });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error.fields).toHaveProperty("email");
  });

  it("gives the demo officer a demo portfolio of about 50 clients", async () => {
    const demo = await signIn(app, "officer@example.com", "officer-demo");
    const listed = await call(app, "GET", "/api/clients", { cookie: demo });
    expect(listed.body.total).toBeGreaterThanOrEqual(45);
    expect(listed.body.total).toBeLessThanOrEqual(55);
    // One click of "refresh" finds reasons to call some of them.
    const refreshed = await call(app, "POST", "/api/clients/refresh", { cookie: demo });
    expect(refreshed.body.refreshed).toBeGreaterThan(20);
    const found = (await call(app, "GET", "/api/opportunities", { cookie: demo })).body.opportunities;
    expect(new Set(found.map((o: { clientId: number }) => o.clientId)).size).toBeGreaterThanOrEqual(5);
  });

  describe("a portfolio of more than a page", () => {
    const homes = houses(1400, 120);
    const names = homes.map((home) => {
      const { firstName, lastName } = deedName(home);
      return { firstName, lastName, home };
    });
    let big: string;
    type Listed = {
      id: number;
      name: string;
      address: string;
      availableEquity: number | null;
      refreshedAt: string | null;
    };
    const list = async (query: string) =>
      (await call(app, "GET", `/api/clients?${query}`, { cookie: big })).body as {
        clients: Listed[];
        total: number;
        pages: number;
        page: number;
      };

    beforeAll(async () => {
      big = await newOfficer();
      const rows = names.map((n) => `"${n.firstName} ${n.lastName}",,"${n.home}",200000,7,conventional,`);
      const imported = await call(app, "POST", "/api/clients/import", {
        cookie: big,
        body: { csv: ["name,email,address,balance,rate,type,closing date", ...rows].join("\n") },
      });
      expect(imported.body.errors).toEqual([]);
      expect(imported.body.created).toBe(120);
    });

    it("pages 50 at a time: every client once, in order of last name, and a page past the end empty with the count", async () => {
      const pages = [await list("sort=name"), await list("sort=name&page=2"), await list("sort=name&page=3")];
      expect(pages.map((p) => [p.clients.length, p.total, p.pages])).toEqual([
        [50, 120, 3],
        [50, 120, 3],
        [20, 120, 3],
      ]);
      const all = pages.flatMap((p) => p.clients);
      expect(new Set(all.map((c) => c.id)).size).toBe(120);
      const lastNames = all.map((c) => c.name.split(" ").at(-1)!.toUpperCase());
      expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(await list("page=9")).toMatchObject({ clients: [], total: 120, pages: 3, page: 9 });
    });

    it("searches every word in the name, email and address, any case; % and _ are only characters", async () => {
      const target = names[17]!;
      const street = target.home.split(",")[0]!;
      const found = await list(`q=${encodeURIComponent(`${target.lastName.toLowerCase()} ${street}`)}`);
      expect(found.total).toBeGreaterThanOrEqual(1);
      expect(
        found.clients.every(
          (c) => c.name.toUpperCase().includes(target.lastName.toUpperCase()) && c.address.includes(street),
        ),
      ).toBe(true);
      expect(found.clients.some((c) => c.address.startsWith(`${street},`))).toBe(true);
      expect((await list("q=%25")).total).toBe(0);
      expect((await list("q=_")).total).toBe(0);
      expect((await list("q=zzqx-nobody")).clients).toEqual([]);
    });

    it("sorts by available equity, the most first, clients never refreshed last", async () => {
      const [a, b, c] = (await list("sort=name")).clients;
      for (const client of [a!, b!, c!])
        expect((await call(app, "POST", `/api/clients/${client.id}/refresh`, { cookie: big })).status).toBe(200);
      const top = (await list("sort=equity")).clients;
      const refreshed = top.slice(0, 3);
      expect(new Set(refreshed.map((r) => r.id))).toEqual(new Set([a!.id, b!.id, c!.id]));
      const equities = refreshed.map((r) => r.availableEquity!);
      expect(equities).toEqual([...equities].sort((x, y) => y - x));
      expect(top.slice(3).every((r) => r.availableEquity === null)).toBe(true);
      // The longest since a refresh first: the three refreshed come last.
      const byRefresh = (await list("sort=refreshed&page=3")).clients;
      expect(byRefresh.slice(-3).every((r) => r.refreshedAt !== null)).toBe(true);
    });

    it("refuses a bad page, size or sort with 400 naming the field", async () => {
      for (const [query, field] of [
        ["sort=value", "sort"],
        ["page=0", "page"],
        ["page=two", "page"],
        ["size=501", "size"],
        [`q=${"x".repeat(201)}`, "q"],
        ["q=a+b+c+d+e+f+g+h+i", "q"],
      ])
        expect(
          (await call(app, "GET", `/api/clients?${query}`, { cookie: big })).body.error.fields,
          query,
        ).toHaveProperty(field!);
    });

    it("shows the page as the address says, with links to the next, and says what in the address is wrong", async () => {
      const html = await (await fetch(`${app.url}/clients?sort=name&page=2`, { headers: { Cookie: big } })).text();
      const shown = (page: string) => page.match(/data-testid="clients-shown">([^<]*)</)?.[1];
      expect(shown(html)).toBe("51–100 of 120 clients");
      expect(html.match(/aria-current="page">([^<]*)</)?.[1]).toBe("Page 2 of 3");
      expect(html).toMatch(/href="\/clients\?sort=name&amp;page=3#clients-title"/);
      const wrong = await (await fetch(`${app.url}/clients?sort=name&page=two`, { headers: { Cookie: big } })).text();
      expect(wrong.match(/role="alert"[^>]*>([^<]*)</)?.[1]).toContain("page must be a page number");
      expect(shown(wrong)).toBe("1–50 of 120 clients");
      // The rest of the address is kept: still by name.
      expect(wrong.match(/<select id="client-sort"[^>]*>[\s\S]*?<option value="name" selected=""/)).not.toBeNull();
    });
  });
});

describe("the organization's opportunity rules (admins)", () => {
  const app = inject("apps").embedded;
  const [home] = houses(1120, 1) as [string];
  let admin: string;
  let officer: string;
  let before: Record<string, number>;
  let clientId: number;
  const refreshed = async () =>
    (await call(app, "POST", `/api/clients/${clientId}/refresh`, { cookie: officer })).body.opportunities as string[];
  const put = (body: unknown) => call(app, "PUT", "/api/admin/settings", { cookie: admin, body });

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    const email = `officer-${unique()}@example.com`;
    expect(
      (
        await call(app, "POST", "/api/admin/users", {
          cookie: admin,
          body: { email, password: "officer-password", role: "loan_officer" },
        })
      ).status,
    ).toBe(201);
    officer = await signIn(app, email, "officer-password");
    before = (await call(app, "GET", "/api/admin/settings", { cookie: admin })).body;
    const added = await call(app, "POST", "/api/clients", {
      cookie: officer,
      body: { ...deedName(home), address: home, noteRate: 6.75, loanBalance: 150_000 },
    });
    expect(added.status).toBe(201);
    clientId = added.body.id;
  });
  afterAll(async () => {
    await put(before);
  });

  it("start at the environment's values", () => {
    expect(before).toMatchObject({ orgCurrentRate: 6.25, opportunityHelocMin: 25_000, opportunityCashOutMin: 50_000 });
  });

  it("find a rate-and-term refinance at the next refresh by the current rate and break-even an admin set, the change logged with the old rate", async () => {
    // 6.75% is 0.5 point above 6.25%: not yet enough.
    expect(await refreshed()).not.toContain("rate_refinance");
    const set = await put({ orgCurrentRate: 5.875 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ...before, orgCurrentRate: 5.875 });
    expect((await call(app, "GET", "/api/admin/settings", { cookie: admin })).body).toEqual(set.body);
    // 0.875 point: the margin, but $150,000 over 30 years saves $86 a month, 70 months to repay $6,000 of costs.
    expect(await refreshed()).not.toContain("rate_refinance");
    expect((await put({ refinanceBreakEvenMonths: 72 })).body).toMatchObject({ refinanceBreakEvenMonths: 72 });
    expect(await refreshed()).toContain("rate_refinance");
    const [found] = (
      await call(app, "GET", "/api/opportunities?kind=rate_refinance", { cookie: officer })
    ).body.opportunities.filter((o: { clientId: number }) => o.clientId === clientId);
    expect(found.figures).toMatchObject({ noteRate: 6.75, currentRate: 5.875 });
    const query = new URLSearchParams({ actor: app.admin.email, action: "settings.change", limit: "2" });
    const logged = (await call(app, "GET", `/api/admin/audit?${query}`, { cookie: admin })).body.events;
    expect(logged.map((event: { detail: unknown }) => event.detail)).toEqual([
      { setting: "refinance_break_even_months", from: before.refinanceBreakEvenMonths, value: 72 },
      { setting: "org_current_rate", from: before.orgCurrentRate, value: 5.875 },
    ]);
  });

  it("find a cash-out by the offers and the minimum an admin set", async () => {
    // At the 6.75% cash-out offer one new loan costs more than the 6.75% first and a line at 8.5% (its closing costs
    // counted); at 4% it costs less.
    const offered = (await call(app, "GET", "/api/admin/offers", { cookie: admin })).body;
    const offer = (ratePercent: number) =>
      call(app, "PUT", "/api/admin/offers", {
        cookie: admin,
        body: { ...offered, cashOut: { ...offered.cashOut, ratePercent } },
      });
    try {
      expect((await put({ opportunityCashOutMin: 0 })).status).toBe(200);
      expect((await offer(4)).status).toBe(200);
      expect(await refreshed()).toContain("cash_out");
      expect((await put({ opportunityCashOutMin: 10_000_000 })).body).toMatchObject({
        opportunityCashOutMin: 10_000_000,
        orgCurrentRate: 5.875,
      });
      expect(await refreshed()).not.toContain("cash_out");
    } finally {
      await call(app, "PUT", "/api/admin/offers", { cookie: admin, body: offered });
    }
  });

  it.each([
    [{ orgCurrentRate: 31 }, "orgCurrentRate", /at most 30%/],
    [{ orgCurrentRate: "5" }, "orgCurrentRate", /must be a number/],
    [{ opportunityHelocMin: 1_000.5 }, "opportunityHelocMin", /whole number of dollars/],
    [{ opportunityHelocMin: 0, opportunityCashOutMin: -1 }, "opportunityCashOutMin", /at least 0/],
    [{ opportunityCashOutMin: 20_000_000 }, "opportunityCashOutMin", /at most 10,000,000/],
    [{ refinanceBreakEvenMonths: 0 }, "refinanceBreakEvenMonths", /at least 1/],
    [{ closingCostPercent: 11 }, "closingCostPercent", /at most 10%/],
  ])("refuse %j with 400 naming the field and the reason, changing nothing", async (body, field, reason) => {
    const kept = (await call(app, "GET", "/api/admin/settings", { cookie: admin })).body;
    const reply = await put(body);
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields[field]).toMatch(reason);
    expect((await call(app, "GET", "/api/admin/settings", { cookie: admin })).body).toEqual(kept);
  });

  it("are for admins only", async () => {
    const owner = await signIn(app, "homeowner@example.com", "homeowner-demo");
    for (const cookie of [officer, owner]) {
      expect((await call(app, "GET", "/api/admin/settings", { cookie })).status).toBe(403);
      expect((await call(app, "PUT", "/api/admin/settings", { cookie, body: { orgCurrentRate: 1 } })).status).toBe(403);
    }
    expect((await call(app, "PUT", "/api/admin/settings", { body: { orgCurrentRate: 1 } })).status).toBe(401);
  });
});
