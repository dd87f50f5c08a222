import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, jobsSettled, latestMail, sessionFrom, signIn, unique } from "./client";

/**
 * A homeowner's questions, call requests and quotes to their officer: who may send, read and mark them, and the mail.
 */
describe("leads", () => {
  const app = inject("apps").embedded;
  const [mine, theirs] = houses(1640, 2) as [string, string];
  let admin: string;
  let officer: { cookie: string; email: string; id: number };
  let otherOfficer: { cookie: string; email: string; id: number };
  let owner: string;
  let otherOwner: string;
  let myHome: number;
  let theirHome: number;

  const until = async <T>(find: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const found = await find().catch(() => undefined);
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  async function newOfficer() {
    const email = `lead-officer-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    return { cookie: await signIn(app, email, "officer-password"), email, id: created.body.id as number };
  }

  /** A homeowner invited by this officer (so the officer is theirs), signed in through the invitation. */
  async function invitedBy(inviter: string, address: string): Promise<string> {
    const email = `lead-owner-${unique()}@example.com`;
    const invited = await call(app, "POST", "/api/invitations", {
      cookie: inviter,
      body: { email, ...deedName(address), address },
    });
    expect(invited.status).toBe(201);
    const { token } = await latestMail(app, admin, email);
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "a-good-long-password" }),
    });
    expect(accepted.status).toBe(200);
    return sessionFrom(accepted)!;
  }

  const homeOf = async (cookie: string) =>
    (await call(app, "GET", "/api/owner-data", { cookie })).body.properties[0].propertyId as number;
  const send = (cookie: string, body: unknown, referer?: string) =>
    call(app, "POST", "/api/leads", { cookie, body, headers: referer ? { Referer: referer } : {} });
  const heloc = {
    type: "heloc",
    amount: 50_000,
    available: 80_000,
    ratePercent: 8.5,
    termYears: 20,
    monthlyPayment: 434.37,
  };

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await newOfficer();
    otherOfficer = await newOfficer();
    owner = await invitedBy(officer.cookie, mine);
    otherOwner = await invitedBy(otherOfficer.cookie, theirs);
    myHome = await homeOf(owner);
    theirHome = await homeOf(otherOwner);
  });

  const leadIds: Record<string, number> = {};

  it("refuses bad requests with 400 naming the field, before anything is kept", async () => {
    const tooLong = await send(owner, { kind: "question", propertyId: myHome, message: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toHaveProperty("message");
    const noConsent = await send(owner, {
      kind: "call",
      propertyId: myHome,
      phone: "(206) 386-4000",
      bestTime: "morning",
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error.fields).toHaveProperty("consent");
    expect(noConsent.body.error.message).toMatch(/consent/);
    const badPhone = await send(owner, { kind: "call", propertyId: myHome, phone: "12", consent: true });
    expect(badPhone.body.error.fields).toHaveProperty("phone");
    const badFigures = await send(owner, { kind: "quote", propertyId: myHome, scenario: { ...heloc, amount: 90_000 } });
    expect(badFigures.status).toBe(400);
    expect(badFigures.body.error.fields).toHaveProperty("scenario.amount");
    const unknownScenario = await send(owner, {
      kind: "quote",
      propertyId: myHome,
      scenario: { type: "boat", amount: 1 },
    });
    expect(unknownScenario.status).toBe(400);
    expect((await call(app, "GET", "/api/homeowner/leads", { cookie: owner })).body.leads).toEqual([]);
  });

  it("refuses a home the homeowner has not proved (another's): 404, nothing of it said", async () => {
    const other = await send(owner, { kind: "question", propertyId: theirHome, message: "Is this mine?" });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(theirs.split(",")[0]!);
  });

  it("sends a question, a call request and a quote (201 each) to the homeowner's officer", async () => {
    const question = await send(owner, {
      kind: "question",
      propertyId: myHome,
      message: "Could I borrow for a new roof?",
    });
    expect(question.status).toBe(201);
    expect(question.body.lead).toMatchObject({
      kind: "question",
      status: "new",
      officerName: officer.email,
      propertyId: myHome,
    });
    const callRequest = await send(
      owner,
      { kind: "call", propertyId: myHome, phone: "(206) 386-4000", bestTime: "morning", consent: true },
      `${app.url}/dashboard`,
    );
    expect(callRequest.status).toBe(201);
    const quote = await send(
      owner,
      { kind: "quote", propertyId: myHome, scenario: heloc },
      `${app.url}/dashboard/properties/${myHome}`,
    );
    expect(quote.status).toBe(201);
    leadIds.question = question.body.lead.id;
    leadIds.call = callRequest.body.lead.id;
    leadIds.quote = quote.body.lead.id;
  });

  it("a second of the same kind the same day is a 409 already_sent with the first", async () => {
    const again = await send(owner, { kind: "question", propertyId: myHome, message: "Me again" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_sent");
    expect(again.body.lead.id).toBe(leadIds.question);
  });

  it("keeps the consent's exact words (naming the lender), time, address and page with a phone", async () => {
    const read = await call(app, "GET", `/api/leads/${leadIds.call}`, { cookie: officer.cookie });
    expect(read.status).toBe(200);
    expect(read.body.phone).toBe("+12063864000");
    expect(read.body.bestTime).toBe("morning");
    expect(read.body.timeZone).toMatch(/^America\//);
    expect(read.body.consent.text).toMatch(/^I agree that .+ may call or text me/);
    expect(read.body.consent.page).toBe("/dashboard");
    expect(read.body.consent.ip).toBeTruthy();
    expect(Date.now() - Date.parse(read.body.consent.at)).toBeLessThan(5 * 60_000);
    const quote = await call(app, "GET", `/api/leads/${leadIds.quote}`, { cookie: officer.cookie });
    expect(quote.body.scenario).toEqual(heloc);
    expect(quote.body.consent).toBeNull();
  });

  it("names the lender an admin just renamed the organization to, on the page and in the consent kept (review)", async () => {
    const before = (await call(app, "GET", "/api/admin/organization", { cookie: admin })).body;
    const rename = (companyName: string) =>
      call(app, "PUT", "/api/admin/organization", {
        cookie: admin,
        body: {
          companyName,
          nmlsId: before.nmlsId,
          equalHousingStatement: before.equalHousingStatement,
          defaultOfficerId: before.defaultOfficerId,
        },
      });
    // An officer and a homeowner of this test's own (the other tests count the shared officer's leads); the homeowner's
    // page has been read (its panel kept with their snapshots) before the organization is renamed.
    const theirOfficer = await newOfficer();
    const caller = await invitedBy(theirOfficer.cookie, houses(1642, 1)[0]!);
    expect(await (await fetch(`${app.url}/dashboard`, { headers: { Cookie: caller } })).text()).toContain(
      "may call or text me",
    );
    const renamed = `Renamed Lending ${unique()}`;
    expect((await rename(renamed)).status).toBe(200);
    try {
      const page = await (await fetch(`${app.url}/dashboard`, { headers: { Cookie: caller } })).text();
      expect(page).toContain(`I agree that ${renamed} may call or text me`);
      const sent = await send(
        caller,
        { kind: "call", propertyId: await homeOf(caller), phone: "(206) 386-4000", bestTime: "any", consent: true },
        `${app.url}/dashboard`,
      );
      expect(sent.status).toBe(201);
      const kept = await call(app, "GET", `/api/leads/${sent.body.lead.id}`, { cookie: theirOfficer.cookie });
      expect(kept.body.consent.text).toContain(`I agree that ${renamed} may call or text me`);
    } finally {
      expect((await rename(before.companyName ?? "")).status).toBe(200);
    }
  });

  it("only staff read leads; an officer their own (another's is a 404), newest first", async () => {
    expect((await call(app, "GET", "/api/leads", { cookie: owner })).status).toBe(403);
    const mineListed = await call(app, "GET", "/api/leads", { cookie: officer.cookie });
    expect(mineListed.body.leads.map((l: { id: number }) => l.id)).toEqual([
      leadIds.quote,
      leadIds.call,
      leadIds.question,
    ]);
    expect(mineListed.body.total).toBe(3);
    const theirsListed = await call(app, "GET", "/api/leads", { cookie: otherOfficer.cookie });
    expect(theirsListed.body.leads.map((l: { id: number }) => l.id)).not.toContain(leadIds.call);
    expect((await call(app, "GET", `/api/leads/${leadIds.call}`, { cookie: otherOfficer.cookie })).status).toBe(404);
    expect(
      (
        await call(app, "PATCH", `/api/leads/${leadIds.call}`, {
          cookie: otherOfficer.cookie,
          body: { status: "spam" },
        })
      ).status,
    ).toBe(404);
    const everyone = await call(app, "GET", "/api/leads?status=new&size=50", { cookie: admin });
    expect(everyone.body.leads.map((l: { id: number }) => l.id)).toContain(leadIds.call);
    expect((await call(app, "GET", "/api/leads?status=open", { cookie: admin })).body.error.fields).toHaveProperty(
      "status",
    );
  });

  it("the officer marks a lead contacted then won; who and when are kept, the homeowner sees it in words", async () => {
    const contacted = await call(app, "PATCH", `/api/leads/${leadIds.call}`, {
      cookie: officer.cookie,
      body: { status: "contacted" },
    });
    expect(contacted.status).toBe(200);
    expect(contacted.body).toMatchObject({ status: "contacted", statusChangedBy: officer.id });
    expect(contacted.body.statusChangedAt).toBeTruthy();
    const skipped = await call(app, "PATCH", `/api/leads/${leadIds.question}`, {
      cookie: officer.cookie,
      body: { status: "won" },
    });
    expect(skipped.status).toBe(409);
    expect(
      (await call(app, "PATCH", `/api/leads/${leadIds.call}`, { cookie: officer.cookie, body: { status: "won" } })).body
        .status,
    ).toBe("won");
    const back = await call(app, "PATCH", `/api/leads/${leadIds.call}`, {
      cookie: officer.cookie,
      body: { status: "contacted" },
    });
    expect(back.status).toBe(409);
    const seen = await call(app, "GET", "/api/homeowner/leads", { cookie: owner });
    const call1 = seen.body.leads.find((l: { id: number }) => l.id === leadIds.call);
    expect(call1).toMatchObject({ status: "won", officerName: officer.email });
    expect(call1.statusWords).not.toBe(
      seen.body.leads.find((l: { id: number }) => l.id === leadIds.question).statusWords,
    );
  });

  it("a CRM's API token reads leads with leads:read and marks them only with leads:write; it cannot send one", async () => {
    const token = async (scopes: string[]) => {
      const made = await call(app, "POST", "/api/account/tokens", {
        cookie: officer.cookie,
        body: { name: `CRM ${unique()}`, scopes, expiresInDays: 30 },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return { Authorization: `Bearer ${made.body.token}` };
    };
    const reader = await token(["leads:read"]);
    const listed = await call(app, "GET", "/api/leads", { headers: reader });
    expect(listed.status).toBe(200);
    expect(listed.body.leads.map((l: { id: number }) => l.id)).toContain(leadIds.quote);
    expect((await call(app, "GET", `/api/leads/${leadIds.quote}`, { headers: reader })).status).toBe(200);
    const refused = await call(app, "PATCH", `/api/leads/${leadIds.quote}`, {
      headers: reader,
      body: { status: "contacted" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("token_scope");
    const writer = await token(["leads:write"]);
    const marked = await call(app, "PATCH", `/api/leads/${leadIds.quote}`, {
      headers: writer,
      body: { status: "contacted" },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: "contacted", statusChangedBy: officer.id });
    expect((await call(app, "GET", "/api/leads", { headers: writer })).body.error.code).toBe("token_scope");
    const sent = await call(app, "POST", "/api/leads", {
      headers: writer,
      body: { kind: "question", propertyId: myHome, message: "From a token" },
    });
    expect(sent.status).toBe(403);
    expect(sent.body.error.code).toBe("token_not_allowed");
  });

  it("the homeowner's export lists what they asked their officer and where each stands", async () => {
    const exported = await call(app, "GET", "/api/account/export", { cookie: owner });
    expect(exported.status).toBe(200);
    const byId = new Map(exported.body.leads.map((l: { id: number; status: string }) => [l.id, l.status]));
    expect(byId.get(leadIds.call)).toBe("won");
    expect(byId.get(leadIds.quote)).toBe("contacted");
    expect(byId.has(leadIds.question)).toBe(true);
    expect(
      (await call(app, "GET", "/api/account/export", { cookie: otherOwner })).body.leads.map(
        (l: { id: number }) => l.id,
      ),
    ).not.toContain(leadIds.call);
  });

  it("every send, read and change of a lead is in the activity log", async () => {
    const rows = (action: string) =>
      call(app, "GET", `/api/admin/audit?action=${action}&limit=200`, { cookie: admin }).then(
        (reply) =>
          reply.body.events as { detail: Record<string, unknown> | null; outcome: string; description: string }[],
      );
    const changed = await until(async () => {
      const found = (await rows("lead.status")).filter(
        (e) => e.detail?.leadId === leadIds.call && e.outcome === "allowed",
      );
      return found.length >= 2 ? found : undefined;
    }, "the status changes in the log");
    expect(changed[0]!.description).toBe("Changed a lead's status");
    const created = await rows("lead.create");
    expect(created.some((e) => e.detail?.leadId === leadIds.quote)).toBe(true);
    expect(created.some((e) => e.outcome === "refused" && e.detail?.reason === "already_sent")).toBe(true);
    expect((await rows("lead.read")).some((e) => e.detail?.leadId === leadIds.call && e.outcome === "allowed")).toBe(
      true,
    );
    expect((await rows("lead.read")).some((e) => e.detail?.leadId === leadIds.call && e.outcome === "refused")).toBe(
      true,
    );
  });

  it("mails the officer about each new lead within the job's run", async () => {
    const mail = await until(async () => {
      const found = await latestMail(app, admin, officer.email);
      return found.subject.startsWith("New lead") ? found : undefined;
    }, "the officer's lead notice");
    expect(mail.text).toContain(`/leads/`);
    // Once: the mail's button opens the lead; its row does not say it again.
    expect((mail.html ?? "").split("Open the lead")).toHaveLength(2);
  });

  it("an officer who chose the daily summary gets no mail per lead, and the summary lists it", async () => {
    const chosen = await call(app, "PUT", "/api/account/lead-mail", {
      cookie: otherOfficer.cookie,
      body: { leadMail: "daily" },
    });
    expect(chosen.body).toEqual({ leadMail: "daily" });
    expect((await call(app, "GET", "/api/account/lead-mail", { cookie: otherOfficer.cookie })).body).toEqual({
      leadMail: "daily",
    });
    const sent = await send(otherOwner, {
      kind: "question",
      propertyId: theirHome,
      message: "When could I drop my mortgage insurance?",
    });
    expect(sent.status).toBe(201);
    await jobsSettled(app, admin, ["lead-notice"]);
    await expect(latestMail(app, admin, otherOfficer.email)).rejects.toThrow();
    const ran = await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "lead-summaries" } });
    expect(ran.status).toBe(202);
    const summary = await until(async () => {
      const found = await latestMail(app, admin, otherOfficer.email);
      return found.subject.startsWith("Your leads") ? found : undefined;
    }, "the officer's lead summary");
    expect(summary.text).toContain("drop my mortgage insurance");
    expect(summary.subject).toContain("1 new");
  });
  it("an officer made a homeowner (who left the lender) is mailed no one's leads, not even the daily summary's (review)", async () => {
    const [leaving, staying] = [await newOfficer(), await newOfficer()];
    const [leavingHome, stayingHome] = houses(1652, 2) as [string, string];
    for (const [officer, home] of [
      [leaving, leavingHome],
      [staying, stayingHome],
    ] as const) {
      expect(
        (await call(app, "PUT", "/api/account/lead-mail", { cookie: officer.cookie, body: { leadMail: "daily" } }))
          .status,
      ).toBe(200);
      const client = await invitedBy(officer.cookie, home);
      const sent = await send(client, {
        kind: "question",
        propertyId: await homeOf(client),
        message: "Is now a good time to refinance?",
      });
      expect(sent.status).toBe(201);
    }
    expect(
      (await call(app, "PATCH", `/api/admin/users/${leaving.id}`, { cookie: admin, body: { role: "homeowner" } }))
        .status,
    ).toBe(200);
    expect(
      (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "lead-summaries" } })).status,
    ).toBe(202);
    // The run reached the officer who stays; the one who left got nothing.
    await until(
      async () => ((await latestMail(app, admin, staying.email)).subject.startsWith("Your leads") ? true : undefined),
      "the summary of the officer who stays",
    );
    await jobsSettled(app, admin, ["lead-summaries", "lead-summary"]);
    await expect(latestMail(app, admin, leaving.email)).rejects.toThrow();
  });
});
