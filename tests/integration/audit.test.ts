import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  call,
  credentialsCallback,
  deedName,
  houses,
  invitedHomeowner,
  latestMail,
  newAccount,
  signIn,
  unique,
} from "./client";
import type { AppInfo } from "./setup";

interface LoggedEvent {
  id: number;
  action: string;
  outcome: "allowed" | "refused" | "failed";
  actor: { email: string | null; role: string | null; ref: string | null; partnerSiteId: number | null };
  subjectRef: string | null;
  ownerId: string | null;
  propertyId: string | null;
  address: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  requestId: string | null;
}

/** The newest events of the activity log matching the filters, read by an admin through the API. */
async function events(app: AppInfo, admin: string, filters: Record<string, string>): Promise<LoggedEvent[]> {
  const reply = await call(app, "GET", `/api/admin/audit?${new URLSearchParams({ limit: "200", ...filters })}`, {
    cookie: admin,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.events;
}

/**
 * The one newest event of the action by the person (the rows are written after the answers: the API waits for them).
 */
async function latest(
  app: AppInfo,
  admin: string,
  actor: string,
  action: string,
  extra: Record<string, string> = {},
): Promise<LoggedEvent> {
  const [event] = await events(app, admin, { actor, action, ...extra });
  expect(event, `no ${action} by ${actor}`).toBeDefined();
  return event!;
}

describe("the activity log records each kind of access and security event", () => {
  const app = inject("apps").embedded;
  const [ownerAddress, otherAddress, lookedUp] = houses(1800, 3) as [string, string, string];
  const run = unique();
  const officerEmail = `officer-${run}@example.com`;
  const ownerEmail = `owner-${run}@example.com`;
  const p = { admin: "", officer: "", owner: "" };

  beforeAll(async () => {
    p.admin = await signIn(app, app.admin.email, app.admin.password);
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: p.admin,
      body: { email: officerEmail, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    p.officer = await signIn(app, officerEmail, "officer-password");
    p.owner = await invitedHomeowner(app, p.admin, ownerAddress, ownerEmail);
    await invitedHomeowner(app, p.admin, otherAddress);
  });

  it("an officer's lookups, verification, valuation, facts, equity, report in each format and batch, with the address and outcome", async () => {
    const body = { address: lookedUp };
    expect((await call(app, "POST", "/api/address/suggest", { cookie: p.officer, body })).status).toBe(200);
    expect(
      (
        await call(app, "POST", "/api/homeowner/verify", {
          cookie: p.officer,
          body: { firstName: "Pat", lastName: "Doe", ...body },
        })
      ).status,
    ).toBe(200);
    expect((await call(app, "POST", "/api/avm", { cookie: p.officer, body })).status).toBe(200);
    expect(
      (await call(app, "GET", `/api/property/summary?${new URLSearchParams(body)}`, { cookie: p.officer })).status,
    ).toBe(200);
    expect((await call(app, "POST", "/api/home-equity-summary", { cookie: p.officer, body })).status).toBe(200);
    for (const format of ["pdf", "html", "json"]) {
      const query = new URLSearchParams({ address: lookedUp, applicant_name: "Pat Doe", format });
      expect((await call(app, "GET", `/api/property/report?${query}`, { cookie: p.officer })).status).toBe(200);
    }
    const batch = { requests: houses(1810, 3).map((street) => ({ street, city: "-", state: "-", zip: "-" })) };
    expect((await call(app, "POST", "/api/address/normalize", { cookie: p.officer, body: batch })).status).toBe(200);

    for (const action of ["lookup.address", "lookup.verify", "lookup.valuation", "lookup.summary", "equity.read"]) {
      const event = await latest(app, p.admin, officerEmail, action);
      expect(event).toMatchObject({ outcome: "allowed", actor: { email: officerEmail, role: "loan_officer" } });
      expect(event.address).toMatch(new RegExp(`^${lookedUp.split(",")[0]}`, "i"));
      expect(event.requestId).toBeTruthy();
      expect(event.ip).toBeTruthy();
    }
    expect((await latest(app, p.admin, officerEmail, "lookup.summary")).propertyId).toMatch(/^\d+$/);
    const reports = await events(app, p.admin, { actor: officerEmail, action: "report.read" });
    expect(reports.map((e) => e.detail?.format).sort()).toEqual(["html", "json", "pdf"]);
    expect((await latest(app, p.admin, officerEmail, "lookup.batch")).detail).toMatchObject({ count: 3 });
  });

  it("a homeowner's reads of their owner data, loans and equity, and a refused read of someone else's home", async () => {
    const data = await call(app, "GET", "/api/owner-data", { cookie: p.owner });
    expect(data.status).toBe(200);
    const [home] = data.body.properties;
    expect(
      (await fetch(`${app.url}/dashboard/properties/${home.propertyId}`, { headers: { cookie: p.owner } })).status,
    ).toBe(200);
    expect(
      (await call(app, "POST", "/api/home-equity-summary", { cookie: p.owner, body: { address: otherAddress } }))
        .status,
    ).toBe(403);

    const read = await latest(app, p.admin, ownerEmail, "owner.data.read");
    expect(read).toMatchObject({ outcome: "allowed", actor: { role: "homeowner" } });
    expect(read.ownerId).toBeTruthy();
    const records = await latest(app, p.admin, ownerEmail, "records.read");
    expect(records).toMatchObject({ outcome: "allowed", propertyId: String(home.propertyId) });
    const refused = await latest(app, p.admin, ownerEmail, "equity.read");
    expect(refused).toMatchObject({ outcome: "refused", detail: { error: "forbidden" } });
  });

  it("proofs of ownership by invitation and by mailed code, and the refused wrong code", async () => {
    // The owner above was proved by invitation.
    expect((await latest(app, p.admin, ownerEmail, "ownership.proof")).detail).toMatchObject({ kind: "invitation" });

    const { cookie, email } = await newAccount(app);
    const address = houses(1820, 1)[0]!;
    expect(
      (await call(app, "POST", "/api/owners", { cookie, body: { ...deedName(address), address } })).status,
    ).toBeLessThan(300);
    expect((await latest(app, p.admin, email, "ownership.claim")).address).toBeTruthy();
    expect((await call(app, "POST", "/api/ownership/letter", { cookie })).status).toBe(201);
    expect((await latest(app, p.admin, email, "ownership.letter")).outcome).toBe("allowed");
    const { code } = await latestMail(app, p.admin, address.split(",")[0]!, "letter");
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await call(app, "POST", "/api/ownership/code", { cookie, body: { code: wrong } })).status).toBe(400);
    expect((await latest(app, p.admin, email, "ownership.proof", { outcome: "refused" })).detail).toMatchObject({
      kind: "mail",
      reason: "wrong_code",
    });
    expect((await call(app, "POST", "/api/ownership/code", { cookie, body: { code } })).status).toBeLessThan(300);
    expect((await latest(app, p.admin, email, "ownership.proof", { outcome: "allowed" })).detail).toMatchObject({
      kind: "mail",
    });
  });

  it("sign-ins: success with each factor, a wrong password (the email tried), a wrong code, and a throttled account", async () => {
    const { email } = await newAccount(app);
    expect((await latest(app, p.admin, email, "signin")).detail).toMatchObject({
      method: "password",
      secondFactor: false,
    });
    await credentialsCallback(app, email, "not-the-password");
    const failed = await latest(app, p.admin, email, "signin", { outcome: "refused" });
    expect(failed.detail).toMatchObject({ reason: "wrong_email_or_password" });
    // An email with no account is kept as it was typed, with the client's address.
    const stranger = `nobody-${unique()}@example.com`;
    await credentialsCallback(app, stranger, "whatever-password");
    expect(await latest(app, p.admin, stranger, "signin")).toMatchObject({
      outcome: "refused",
      actor: { email: stranger, ref: null },
    });
    // Past the account's allowance (five) it is throttled, and the log says so.
    for (let i = 0; i < 6; i++) await credentialsCallback(app, email, `wrong-${i}`);
    const refusals = await events(app, p.admin, { actor: email, action: "signin", outcome: "refused" });
    expect(refusals.some((e) => e.detail?.reason === "throttled")).toBe(true);

    // Staff: the passkey sign-in of the officer above, and a wrong authenticator code for the demo officer.
    expect(
      (await events(app, p.admin, { actor: officerEmail, action: "signin", outcome: "allowed" })).length,
    ).toBeGreaterThan(0);
    await credentialsCallback(app, "officer@example.com", "officer-demo", "000000");
    const code = await latest(app, p.admin, "officer@example.com", "signin.second_factor", { outcome: "refused" });
    expect(code.detail).toMatchObject({ reason: "invalid" });
  });

  it("factor, password and session changes, role and user changes, settings and jobs started by hand", async () => {
    const run = unique();
    const email = `audited-${run}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: p.admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    const adminEmail = app.admin.email;
    const made = await latest(app, p.admin, adminEmail, "user.create");
    // Named by their pseudonym (the same as in their own rows), never by an email in the detail: the detail enters the
    // row's hash, so an email there could never be erased with the person.
    expect(made.detail).toEqual({ role: "loan_officer" });
    // Their first sign-in enrols a passkey (client.ts), which is a factor added.
    const officer = await signIn(app, email, "officer-password");
    const enrolled = await latest(app, p.admin, email, "factor.add");
    expect(enrolled.detail).toMatchObject({ kind: "passkey" });
    expect(made.subjectRef).toBe(enrolled.actor.ref);
    expect(
      (
        await call(app, "POST", "/api/account/password", {
          cookie: officer,
          body: { currentPassword: "wrong", newPassword: `another-long-password-${run}` },
        })
      ).status,
    ).toBe(400);
    expect((await latest(app, p.admin, email, "password.change")).outcome).toBe("refused");
    const changed = await call(app, "POST", "/api/account/password", {
      cookie: officer,
      body: { currentPassword: "officer-password", newPassword: `a-new-long-password-${run}` },
    });
    expect(changed.status).toBe(200);
    expect((await latest(app, p.admin, email, "password.change", { outcome: "allowed" })).outcome).toBe("allowed");

    const id = created.body.id as number;
    expect(
      (await call(app, "PATCH", `/api/admin/users/${id}`, { cookie: p.admin, body: { role: "admin" } })).status,
    ).toBe(200);
    const role = await latest(app, p.admin, adminEmail, "user.role");
    expect(role.detail).toMatchObject({ role: "admin" });
    expect(role.subjectRef).toMatch(/^u-[0-9a-f]{16}$/);
    expect((await call(app, "DELETE", `/api/admin/users/${id}/sessions`, { cookie: p.admin })).status).toBe(200);
    expect((await latest(app, p.admin, adminEmail, "signout.everywhere")).subjectRef).toBe(role.subjectRef);
    expect((await call(app, "DELETE", `/api/admin/users/${id}`, { cookie: p.admin })).status).toBeLessThan(300);
    expect((await latest(app, p.admin, adminEmail, "user.delete")).subjectRef).toBe(role.subjectRef);

    const { orgMaxLtv } = (await call(app, "GET", "/api/admin/settings", { cookie: p.admin })).body;
    const ltv = orgMaxLtv === 0.75 ? 0.7 : 0.75;
    expect((await call(app, "PUT", "/api/admin/settings", { cookie: p.admin, body: { orgMaxLtv: ltv } })).status).toBe(
      200,
    );
    expect((await latest(app, p.admin, adminEmail, "settings.change")).detail).toEqual({
      setting: "org_max_ltv",
      from: orgMaxLtv,
      value: ltv,
    });
    await call(app, "PUT", "/api/admin/settings", { cookie: p.admin, body: { orgMaxLtv } });
    expect(
      (await call(app, "POST", "/api/admin/jobs/run", { cookie: p.admin, body: { name: "housekeeping" } })).status,
    ).toBe(202);
    expect((await latest(app, p.admin, adminEmail, "job.run")).detail).toMatchObject({ name: "housekeeping" });
  });

  it("client imports, exports and invitations by an officer", async () => {
    const csv = ["name,address", `Pat Doe,"${houses(1830, 1)[0]}"`].join("\n");
    expect((await call(app, "POST", "/api/clients/import", { cookie: p.officer, body: { csv } })).status).toBe(200);
    expect((await latest(app, p.admin, officerEmail, "clients.import")).detail).toMatchObject({ rows: 1 });
    // Signed in with a passkey moments ago: a recent second factor.
    expect((await call(app, "GET", "/api/clients/export", { cookie: p.officer })).status).toBe(200);
    expect((await latest(app, p.admin, officerEmail, "clients.export")).outcome).toBe("allowed");
    // The admin's invitations of the people above.
    const invite = await latest(app, p.admin, app.admin.email, "client.invite");
    expect(invite.ownerId).toBeTruthy();
    expect(invite.address).toBeTruthy();
  });

  it("keeps the chain intact through all of it", async () => {
    const verify = await call(app, "GET", "/api/admin/audit/verify", { cookie: p.admin });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, firstBadId: null });
    expect(verify.body.events).toBeGreaterThan(20);
  });
});
