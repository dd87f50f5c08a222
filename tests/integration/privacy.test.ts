import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  addPasskey,
  call,
  credentialsCallback,
  houses,
  invitedHomeowner,
  latestMail,
  sessionFrom,
  signIn,
  signInError,
  unique,
} from "./client";
import type { AppInfo } from "./setup";

const PASSWORD = "a-good-long-password";
const OFFICER = { email: "officer@example.com", password: "officer-demo" };
const DELETED_SUBJECT = "Your home dashboard account is deleted";
const WARNING_SUBJECT = "Your home dashboard account will be deleted";

const until = async (check: () => Promise<boolean>, what: string, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
};

/** The newest mail to someone, or undefined when there is none (latestMail throws then). */
const mailTo = (app: AppInfo, admin: string, email: string) => latestMail(app, admin, email).catch(() => undefined);

describe("a homeowner's rights over their data (embedded service)", () => {
  const app = inject("apps").embedded;
  const [home, secondHome, thirdHome, fourthHome] = houses(1740, 4) as [string, string, string, string];
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("shows the homeowner each officer's lookup of their home, by email and role, and only them", async () => {
    const email = `looked-at-${unique()}@example.com`;
    const owner = await invitedHomeowner(app, admin, home, email);
    const empty = await call(app, "GET", "/api/account/access-log", { cookie: owner });
    expect(empty.status).toBe(200);
    expect(empty.body.entries).toEqual([]);
    expect(await (await fetch(`${app.url}/account`, { headers: { Cookie: owner } })).text()).toContain(
      "Nobody else has looked at your home",
    );
    // Their own reads are not "someone else".
    await call(app, "GET", "/api/owner-data", { cookie: owner });

    const officer = await signIn(app, OFFICER.email, OFFICER.password);
    expect((await call(app, "POST", "/api/avm", { cookie: officer, body: { address: home } })).status).toBe(200);
    expect(
      (await call(app, "GET", `/api/property/summary?address=${encodeURIComponent(home)}`, { cookie: officer })).status,
    ).toBe(200);
    expect((await call(app, "GET", "/api/account/access-log", { cookie: officer })).status).toBe(403);

    const log = await call(app, "GET", "/api/account/access-log", { cookie: owner });
    expect(log.status).toBe(200);
    const byOfficer = log.body.entries.filter((e: { by: { email: string | null } }) => e.by.email === OFFICER.email);
    // Depends on the officer's lookups being recorded in the activity log (the lookup routes' audit events).
    expect(byOfficer.length).toBeGreaterThanOrEqual(1);
    // The address as the rest of the page writes it, not in the standardized key's capitals.
    expect(byOfficer[0]).toMatchObject({ by: { role: "loan_officer", partnerSite: null }, address: home });
    expect(log.body.entries.every((e: { by: { email: string | null } }) => e.by.email !== email)).toBe(true);
    const page = await (await fetch(`${app.url}/account`, { headers: { Cookie: owner } })).text();
    expect(page).toContain("Who looked at my home");
    expect(page).toContain(OFFICER.email);
    expect(page).toContain("Loan officer");
    expect(page).toContain(`<span class="block text-xs text-slate-600">${home}</span>`);
    expect(page).not.toContain(home.toUpperCase());
    // When, as the rest of the app says a moment: "November 26, 2026 at 3:04 PM UTC".
    expect(page).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC<\/time>/);
  });

  it("hands over everything kept about the homeowner as one JSON file, without secrets", async () => {
    const email = `export-${unique()}@example.com`;
    const owner = await invitedHomeowner(app, admin, secondHome, email);
    const data = await call(app, "GET", "/api/owner-data", { cookie: owner });
    const propertyId = data.body.properties[0].propertyId as number;
    expect(
      (
        await call(app, "PUT", `/api/owner-figures/${propertyId}`, {
          cookie: owner,
          body: { condition: "excellent", loans: {} },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(app, "PUT", "/api/account/mail-preferences", { cookie: owner, body: { monthlyDigest: false } }))
        .status,
    ).toBe(200);
    // An officer looks the home up: the export must name them, as the account page does.
    const officer = await signIn(app, OFFICER.email, OFFICER.password);
    expect((await call(app, "POST", "/api/avm", { cookie: officer, body: { address: secondHome } })).status).toBe(200);
    await until(
      async () => (await call(app, "GET", "/api/account/access-log", { cookie: owner })).body.entries.length > 0,
      "the officer's lookup in the access log",
    );

    const reply = await call(app, "GET", "/api/account/export", { cookie: owner });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toMatch(
      /^attachment; filename="my-home-dashboard-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = reply.body;
    expect(file.account).toMatchObject({ email, role: "homeowner", partnerSite: null, signsInWithOrganization: false });
    // Signing in (here, accepting the invitation) marks the account used: disposal counts from it.
    expect(Date.now() - Date.parse(file.account.lastSignInAt)).toBeLessThan(5 * 60_000);
    expect(file.homes.proved).toEqual([
      { proof: "invitation", provedAt: expect.any(String), homes: [{ propertyId, address: expect.any(String) }] },
    ]);
    expect(file.homes.invitationsAccepted).toEqual([
      expect.objectContaining({ invitedBy: app.admin.email, acceptedAt: expect.any(String) }),
    ]);
    expect(file.homes.claimed).toEqual([]);
    expect(file.figures).toEqual([expect.objectContaining({ condition: "excellent", loanFigures: {} })]);
    expect(file.mail.choices).toEqual({ monthlyDigest: false, dailySummary: true });
    const invitation = file.mail.messages.find((m: { subject: string }) =>
      m.subject.startsWith("Your home dashboard for"),
    );
    expect(invitation.text).toContain("token=…");
    expect(invitation.text).not.toMatch(/token=[\w-]{10,}/);
    expect(file.signIn.sessions.filter((s: { thisOne: boolean }) => s.thisOne)).toHaveLength(1);
    expect(file.signIn).toMatchObject({ passkeys: [], authenticatorApp: false, recoveryCodesLeft: 0 });
    expect(Array.isArray(file.dashboardEvents)).toBe(true);
    expect(file.accessLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ by: expect.objectContaining({ email: OFFICER.email, role: "loan_officer" }) }),
      ]),
    );
    expect(file.accessLog.every((e: { address: string }) => e.address === secondHome)).toBe(true);
    // The account's own doings: here, the sign-in by the invitation's link.
    expect(file.activity).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "signin", outcome: "allowed" })]),
    );
    // No secret of the account's, and not the service's owner tokens either.
    const text = JSON.stringify(file);
    for (const secret of [
      "passwordHash",
      "password_hash",
      "totpSecret",
      "codeHash",
      "tokenHash",
      "ownerId",
      "$argon2",
      "scrypt",
    ])
      expect(text).not.toContain(secret);

    expect((await call(app, "GET", "/api/account/export", { cookie: admin })).status).toBe(403);
    expect((await call(app, "GET", "/api/account/export")).status).toBe(401);
  });

  it("deletes the account on its password: it cannot sign in, its cookie is worthless and its home may be proved by someone else", async () => {
    const email = `leaving-${unique()}@example.com`;
    const owner = await invitedHomeowner(app, admin, thirdHome, email);
    const second = await signIn(app, email, PASSWORD);

    const badType = await call(app, "DELETE", "/api/account", { cookie: owner, body: { password: 12 } });
    expect(badType.status).toBe(400);
    expect(badType.body.error.fields).toHaveProperty("password");
    const missing = await call(app, "DELETE", "/api/account", { cookie: owner, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ password: "is required" });
    const wrong = await call(app, "DELETE", "/api/account", { cookie: owner, body: { password: "not-my-password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("wrong_password");
    expect((await call(app, "GET", "/api/owner-data", { cookie: owner })).status).toBe(200);
    const officer = await signIn(app, OFFICER.email, OFFICER.password);
    expect(
      (await call(app, "DELETE", "/api/account", { cookie: officer, body: { password: OFFICER.password } })).status,
    ).toBe(403);

    const deleted = await call(app, "DELETE", "/api/account", { cookie: owner, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(deleted.headers.getSetCookie().some((c) => /^next-auth\.session-token=;.*Max-Age=0/.test(c))).toBe(true);

    // Every session ended, this one and the other browser's.
    expect((await call(app, "GET", "/api/owner-data", { cookie: owner })).status).toBe(401);
    expect((await call(app, "GET", "/api/account/security", { cookie: second })).status).toBe(401);
    const again = await credentialsCallback(app, email, PASSWORD);
    expect(sessionFrom(again)).toBeUndefined();
    expect(await signInError(again)).toMatch(/Wrong email or password/);
    // A confirmation went out; the mail sent before it went with the account.
    const notice = await latestMail(app, admin, email);
    expect(notice.subject).toBe(DELETED_SUBJECT);
    const outbox = await call(app, "GET", `/api/admin/outbox?kind=email&to=${encodeURIComponent(email)}`, {
      cookie: admin,
    });
    expect(outbox.body.messages.map((m: { subject: string }) => m.subject)).toEqual([DELETED_SUBJECT]);

    // The home is free: another account proves it (by an invitation for the same deed name).
    const next = await invitedHomeowner(app, admin, thirdHome);
    expect((await call(app, "GET", "/api/owner-data", { cookie: next })).body.verified).toBe(true);

    // The activity log still verifies, and keeps the deletion without the person.
    const verify = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
    expect(verify.body).toMatchObject({ ok: true, firstBadId: null });
    const events = await call(app, "GET", "/api/admin/audit?action=account.delete", { cookie: admin });
    expect(events.body.events[0]).toMatchObject({
      outcome: "allowed",
      actor: { email: null, ref: expect.stringMatching(/^u-/) },
      ip: null,
    });
    // What still names the email is the sign-in tried after the deletion: no account, refused, as typed.
    const byEmail = await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(email)}`, { cookie: admin });
    expect(byEmail.body.events).toEqual([
      expect.objectContaining({ action: "signin", outcome: "refused", actor: expect.objectContaining({ ref: null }) }),
    ]);
  });

  it("asks an account with a second factor for it, not for a password", async () => {
    const email = `factor-${unique()}@example.com`;
    const owner = await invitedHomeowner(app, admin, fourthHome, email);
    await addPasskey(app, email, owner);
    // Adding the passkey gave a second factor in this session a moment ago: that is the step-up.
    const deleted = await call(app, "DELETE", "/api/account", { cookie: owner, body: {} });
    expect(deleted.status).toBe(200);
    expect((await call(app, "GET", "/api/account/security", { cookie: owner })).status).toBe(401);
  });
});

const DATABASE_URL = inject("apps").databaseUrl;

/**
 * Disposal moves the account's clock back in the database, which the test reaches only on PostgreSQL (the embedded
 * database belongs to the app process): run with DATABASE_URL set.
 */
describe.skipIf(!DATABASE_URL)("disposal of accounts nobody uses (PostgreSQL)", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let db: postgres.Sql;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await db.end();
  });

  const housekeeping = async () =>
    expect(
      (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "housekeeping" } })).status,
    ).toBe(202);
  const userRow = async (email: string) =>
    (await db`select id, retention_warned_at from app.users where lower(email) = ${email}`)[0];
  /** The account and the mail sent to it, as if `days` ago was the last time either happened. */
  const age = async (email: string, days: number) => {
    await db`update app.users set last_sign_in_at = now() - make_interval(days => ${days}) where lower(email) = ${email}`;
    await db`update app.outbox set created_at = now() - make_interval(days => ${days}) where lower(recipient) = ${email}`;
  };

  it(
    "warns a month before, deletes after two years without a sign-in or mail, and a sign-in keeps the account",
    { timeout: 180_000 },
    async () => {
      const [idleHome, keptHome] = houses(1750, 2) as [string, string];
      const idle = `idle-${unique()}@example.com`;
      const kept = `kept-${unique()}@example.com`;
      await invitedHomeowner(app, admin, idleHome, idle);
      await invitedHomeowner(app, admin, keptHome, kept);
      // The oldest activity is past AUDIT_RETENTION_DAYS: the same run removes it.
      const [oldest] = await db`select min(id) as id from app.audit_events`;
      await db`update app.audit_events set at = now() - interval '2556 days' where id = ${oldest!.id}`;

      await age(idle, 701);
      await age(kept, 701);
      await housekeeping();
      await until(
        async () => (await mailTo(app, admin, idle))?.subject === WARNING_SUBJECT,
        "the idle account's warning",
      );
      await until(
        async () => (await mailTo(app, admin, kept))?.subject === WARNING_SUBJECT,
        "the other account's warning",
      );
      expect((await userRow(idle))!.retention_warned_at).not.toBeNull();
      expect((await db`select count(*)::int as n from app.audit_events where id = ${oldest!.id}`)[0]!.n).toBe(0);
      const warnings =
        await db`select actor_ref, subject_ref from app.audit_events where action = 'account.dispose_warning' order by id desc limit 2`;
      expect(warnings).toHaveLength(2);
      for (const warning of warnings)
        expect(warning).toMatchObject({ actor_ref: null, subject_ref: expect.stringMatching(/^u-/) });

      // One of them signs in: the warning no longer stands, and the count starts again.
      await signIn(app, kept, PASSWORD);
      expect((await userRow(kept))!.retention_warned_at).toBeNull();

      // A month later (both clocks moved back past the notice), with neither a sign-in nor mail since.
      await age(idle, 731);
      await db`update app.users set retention_warned_at = now() - interval '31 days' where lower(email) = ${idle}`;
      const idleId = (await userRow(idle))!.id as number;
      await housekeeping();
      await until(async () => (await userRow(idle)) === undefined, "the idle account's disposal");
      // The notice goes last, once the account and its traces in the log are gone.
      await until(async () => (await mailTo(app, admin, idle))?.subject === DELETED_SUBJECT, "the deletion notice");
      expect(await userRow(kept)).toBeDefined();
      expect((await db`select count(*)::int as n from app.account_owners where user_id = ${idleId}`)[0]!.n).toBe(0);
      expect((await db`select count(*)::int as n from app.invitations where accepted_by = ${idleId}`)[0]!.n).toBe(0);
      expect(
        (
          await db`select count(*)::int as n from app.audit_events where actor_id = ${idleId} or actor_email = ${idle}`
        )[0]!.n,
      ).toBe(0);
      const [disposal] =
        await db`select actor_ref, subject_ref from app.audit_events where action = 'account.dispose' order by id desc limit 1`;
      expect(disposal).toMatchObject({ actor_ref: null, subject_ref: expect.stringMatching(/^u-/) });
      // Its home is free again.
      await invitedHomeowner(app, admin, idleHome);
    },
  );

  it("erases the person from the activity log when they delete their account, and keeps the row", async () => {
    const email = `erased-${unique()}@example.com`;
    const owner = await invitedHomeowner(app, admin, houses(1752, 1)[0]!, email);
    const [{ id }] = (await db`select id from app.users where lower(email) = ${email}`) as unknown as [{ id: number }];
    expect((await call(app, "DELETE", "/api/account", { cookie: owner, body: { password: PASSWORD } })).status).toBe(
      200,
    );
    expect(
      (await db`select count(*)::int as n from app.audit_events where actor_id = ${id} or actor_email = ${email}`)[0]!
        .n,
    ).toBe(0);
    const [deletion] =
      await db`select actor_ref, actor_role, ip, pii_salt from app.audit_events where action = 'account.delete' and outcome = 'allowed' order by id desc limit 1`;
    expect(deletion).toMatchObject({
      actor_ref: expect.stringMatching(/^u-/),
      actor_role: "homeowner",
      ip: null,
      pii_salt: null,
    });
  });
});
