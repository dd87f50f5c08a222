import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, latestMail, sessionFrom, signIn, unique } from "./client";

/** One client's record and the officer's notes on them: GET /api/clients/:id, GET and POST /api/clients/:id/notes. */
describe("a client's page and notes", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let officer: { cookie: string; email: string };
  let other: { cookie: string; email: string };
  let clientId: number;
  const [home] = houses(1851, 1) as [string];
  const email = `client-page-${unique()}@example.com`;

  async function newOfficer() {
    const address = `officer-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email: address, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    return { cookie: await signIn(app, address, "officer-password"), email: address };
  }

  /** The officer's newest rows of the activity log. */
  const rowsOf = async (actor: string) =>
    (await call(app, "GET", `/api/admin/audit?${new URLSearchParams({ actor, limit: "20" })}`, { cookie: admin })).body
      .events as { action: string; outcome: string; detail: Record<string, unknown> | null }[];

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await newOfficer();
    other = await newOfficer();
    const added = await call(app, "POST", "/api/clients", {
      cookie: officer.cookie,
      body: {
        ...deedName(home),
        email,
        phone: "(512) 555-0142",
        address: home,
        loanBalance: 392_000,
        noteRate: 7.5,
        loanType: "conventional",
        closingDate: "2023-02-16",
        termMonths: 360,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    clientId = added.body.id;
  });

  it("keeps the phone as E.164 and the term in months, and says a wrong phone is a 400 naming phone", async () => {
    const listed = await call(app, "GET", `/api/clients/${clientId}`, { cookie: officer.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ id: clientId, email, phone: "+15125550142", termMonths: 360 });
    // The export has both, under headers an import reads back (the officer gave a second factor when signing in).
    const exported = await call(app, "GET", "/api/clients/export", { cookie: officer.cookie });
    expect(exported.status).toBe(200);
    const [header, row] = Buffer.from(exported.body).toString("utf8").split(/\r?\n/);
    expect(header).toMatch(/^name,email,address,phone,.*,term_months,/);
    // The phone as it is dialled (a cell a spreadsheet keeps as text; the import reads it back), not "'+1…" behind
    // the formula guard's apostrophe.
    expect(row).toContain(",(512) 555-0142,");
    expect(row).toContain(",360,");
    const wrong = await call(app, "POST", "/api/clients", {
      cookie: officer.cookie,
      body: { ...deedName(home), address: home, phone: "555-0142" },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error.fields)).toEqual(["phone"]);
    const term = await call(app, "POST", "/api/clients", {
      cookie: officer.cookie,
      body: { ...deedName(home), address: home, termMonths: 1000 },
    });
    expect([term.status, Object.keys(term.body.error.fields)]).toEqual([400, ["termMonths"]]);
  });

  it("adds notes kept as written, lists them newest first with their author, and logs each by its id, not its text", async () => {
    const first = await call(app, "POST", `/api/clients/${clientId}/notes`, {
      cookie: officer.cookie,
      body: { body: "Called about the rate.\nWants a quote in January." },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      body: "Called about the rate.\nWants a quote in January.",
      author: officer.email,
    });
    const second = await call(app, "POST", `/api/clients/${clientId}/notes`, {
      cookie: officer.cookie,
      body: { body: "  Left a voicemail.  " },
    });
    expect(second.body.body).toBe("Left a voicemail.");
    const listed = await call(app, "GET", `/api/clients/${clientId}/notes`, { cookie: officer.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.notes.map((n: { id: number }) => n.id)).toEqual([second.body.id, first.body.id]);

    const rows = await rowsOf(officer.email);
    const noted = rows.filter((row) => row.action === "client.note");
    expect(noted[0]).toMatchObject({ outcome: "allowed", detail: { clientId, noteId: second.body.id } });
    expect(JSON.stringify(noted)).not.toContain("voicemail");
    // The list is a read of the client's record, one row.
    expect(rows[0]).toMatchObject({ action: "clients.read", detail: { clientIds: String(clientId), notes: 2 } });
  });

  it("refuses an empty or too long note with a 400 naming body", async () => {
    for (const body of [{ body: "" }, { body: "   " }, {}, { body: "x".repeat(2001) }]) {
      const refused = await call(app, "POST", `/api/clients/${clientId}/notes`, { cookie: officer.cookie, body });
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(refused.body.error.fields)).toEqual(["body"]);
    }
    const longest = await call(app, "POST", `/api/clients/${clientId}/notes`, {
      cookie: officer.cookie,
      body: { body: "y".repeat(2000) },
    });
    expect(longest.status).toBe(201);
  });

  it("answers another officer's client as a 404, as a missing one, and lets an admin read it", async () => {
    for (const [method, path, body] of [
      ["GET", `/api/clients/${clientId}`],
      ["GET", `/api/clients/${clientId}/notes`],
      ["POST", `/api/clients/${clientId}/notes`, { body: "Not mine." }],
    ] as const) {
      const refused = await call(app, method, path, { cookie: other.cookie, body });
      expect(refused.status, `${method} ${path}`).toBe(404);
      const missing = await call(app, method, path.replace(String(clientId), "2000000000"), {
        cookie: officer.cookie,
        body,
      });
      expect(missing.status).toBe(404);
      expect(refused.body).toEqual(missing.body);
    }
    expect((await call(app, "GET", `/api/clients/abc`, { cookie: officer.cookie })).body.error.fields).toHaveProperty(
      "clientId",
    );
    const page = await fetch(`${app.url}/clients/${clientId}`, { headers: { Cookie: other.cookie } });
    expect(page.status).toBe(404);
    expect((await call(app, "GET", `/api/clients/${clientId}`, { cookie: admin })).body.id).toBe(clientId);
    expect((await call(app, "GET", `/api/clients/${clientId}/notes`, { cookie: admin })).body.notes).toHaveLength(3);
  });

  it("gives the client with opportunities, figures over time, engagement and leads once they joined; the page shows them", async () => {
    const refreshed = await call(app, "POST", `/api/clients/${clientId}/refresh`, { cookie: officer.cookie });
    expect(refreshed.status).toBe(200);
    // Invited from the portfolio and joined: what they try on their dashboard and their question are the officer's to
    // see.
    expect((await call(app, "POST", `/api/clients/${clientId}/invite`, { cookie: officer.cookie })).status).toBe(201);
    const { token } = await latestMail(app, admin, email);
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "a-good-long-password" }),
    });
    const owner = sessionFrom(accepted)!;
    const propertyId = (await call(app, "GET", "/api/owner-data", { cookie: owner })).body.properties[0].propertyId;
    const tried = await call(app, "POST", "/api/engagement", { cookie: owner, body: { kind: "borrowing_used" } });
    expect(tried.status).toBe(204);
    const lead = await call(app, "POST", "/api/leads", {
      cookie: owner,
      body: { kind: "question", propertyId, message: "Can I lower my rate?" },
    });
    expect(lead.status).toBe(201);

    const record = await call(app, "GET", `/api/clients/${clientId}`, { cookie: officer.cookie });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ invitation: "accepted", engagement: { days: 90 } });
    expect(record.body.engagement).toMatchObject({ borrowingUses: 1, lastBorrowing: expect.any(String) });
    expect(record.body.history.length).toBeGreaterThanOrEqual(1);
    expect(record.body.history.at(-1)).toMatchObject({ value: refreshed.body.value, balance: refreshed.body.balance });
    // A 7.5% loan against today's rate is worth a call; each opportunity comes with its reason and figures.
    expect(record.body.opportunities.length).toBeGreaterThanOrEqual(1);
    for (const o of record.body.opportunities)
      expect(o).toMatchObject({ reason: expect.any(String), figures: expect.any(Object), worth: expect.any(Number) });
    expect(record.body.opportunities.filter((o: { best: boolean }) => o.best).length).toBeLessThanOrEqual(1);
    expect(record.body.leads.map((l: { id: number }) => l.id)).toEqual([lead.body.lead.id]);
    expect(record.body.notes).toHaveLength(3);
    // An admin sees every officer's leads, this one's too.
    const admins = await call(app, "GET", `/api/clients/${clientId}`, { cookie: admin });
    expect(admins.body.leads.map((l: { id: number }) => l.id)).toContain(lead.body.lead.id);

    const page = await fetch(`${app.url}/clients/${clientId}`, { headers: { Cookie: officer.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="tel:+15125550142"');
    expect(html).toContain("(512) 555-0142");
    expect(html).toContain(`href="mailto:${email}"`);
    expect(html).toContain(`href="/leads/${lead.body.lead.id}"`);
    expect(html).toContain("Wants a quote in January.");
    const [read] = await rowsOf(officer.email);
    expect(read).toMatchObject({
      action: "clients.read",
      detail: { via: "page", clientIds: String(clientId), leadIds: String(lead.body.lead.id) },
    });
    // The homeowner sees the read of their home's page in their own log (review of issue 54).
    const log = await call(app, "GET", "/api/account/access-log", { cookie: owner });
    const theirs = (log.body.entries as { action: string; by: { email: string }; description: string }[]).filter(
      (e) => e.action === "clients.read" && e.by.email === officer.email,
    );
    expect(theirs.length).toBeGreaterThanOrEqual(1);
    expect(theirs[0]!.description).toBe("Opened your home's page in their client list");

    // Another officer who lists the same person and home reads the client's figures, never the homeowner's visits.
    const listed = await call(app, "POST", "/api/clients", {
      cookie: other.cookie,
      body: { ...deedName(home), email, address: home },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const theirRecord = await call(app, "GET", `/api/clients/${listed.body.id}`, { cookie: other.cookie });
    expect(theirRecord.status).toBe(200);
    expect(theirRecord.body.engagement).toBeNull();
    expect(theirRecord.body.leads).toEqual([]);
    // The homeowner's own officer still does.
    expect(
      (await call(app, "GET", `/api/clients/${clientId}`, { cookie: officer.cookie })).body.engagement,
    ).toMatchObject({ borrowingUses: 1 });
  });
});
