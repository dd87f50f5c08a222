import { describe, expect, inject, it } from "vitest";
import { totpCode } from "@/lib/auth/totp";
import { softAssertion, type SoftPasskey } from "@/lib/testing/soft-passkey";
import {
  addPasskey,
  call,
  credentialsCallback,
  newAccount,
  passkeyOf,
  provedAccount,
  sessionFrom,
  signIn,
  unique,
} from "./client";

/**
 * Issue 44, item 2: each action a stolen session must not take, tried by the server with a second factor older than
 * the step-up time (3 s on the shared app for it): refused with 403 `step_up_required`, that refusal a row of the
 * activity log, then allowed once the session gives its factor again. The cases run at once, each with accounts and
 * sessions of its own, so the file waits for a factor to go stale once rather than once a case.
 */

const app = inject("apps").shortStepUp;
const PASSWORD = "a-good-long-password";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the 3 s step-up time: the session's factor is stale. */
const goStale = () => sleep(3_500);

/** The admin, signed in afresh (its factor is new). */
const freshAdmin = () => signIn(app, app.admin.email, app.admin.password);

/** Gives the session's second factor again with a passkey of the account, as the step-up dialog does. */
async function giveFactor(cookie: string, key: SoftPasskey) {
  const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie })).body;
  const given = await call(app, "POST", "/api/account/second-factor", {
    cookie,
    body: { passkey: softAssertion(key, options, app.url) },
  });
  expect(given.status).toBe(200);
}

/**
 * The reasons of the refused rows of an action by one person, read by the admin (a short page needs no step-up), once
 * there are `count` (rows are written just after the answer) or 20 s have passed.
 */
async function refusals(action: string, email: string, count = 1) {
  const admin = await freshAdmin();
  const path = `/api/admin/audit?action=${action}&outcome=refused&actor=${encodeURIComponent(email)}`;
  const end = Date.now() + 20_000;
  for (;;) {
    const events = (await call(app, "GET", path, { cookie: admin })).body.events as {
      detail: { reason?: string } | null;
    }[];
    if (events.length >= count || Date.now() > end) return events.map((event) => event.detail?.reason);
    await sleep(300);
  }
}

/** A homeowner who proved their email and added a passkey: their session gave that factor just now. */
async function homeownerWithPasskey() {
  const admin = await freshAdmin();
  const { email, cookie } = await provedAccount(app, admin, `stepup-${unique()}@example.com`);
  const key = await addPasskey(app, email, cookie, "Phone");
  return { email, cookie, key };
}

/** Expects 403 step_up_required. */
const expectStepUp = (reply: { status: number; body: { error?: { code?: string } } }, what: string) =>
  expect([what, reply.status, reply.body.error?.code]).toEqual([what, 403, "step_up_required"]);

describe.concurrent(
  "a stale second factor is refused, logged, then allowed after a fresh one (issue 44, item 2)",
  () => {
    it("deleting one's own account", async () => {
      const { email, cookie, key } = await homeownerWithPasskey();
      await goStale();
      expectStepUp(await call(app, "DELETE", "/api/account", { cookie, body: {} }), "stale");
      // The account is still there, and the refusal is in the log.
      expect((await call(app, "GET", "/api/account/security", { cookie })).status).toBe(200);
      expect(await refusals("account.delete", email)).toEqual(["step_up_required"]);
      await giveFactor(cookie, key);
      expect((await call(app, "DELETE", "/api/account", { cookie, body: {} })).status).toBe(200);
      expect((await call(app, "GET", "/api/account/security", { cookie })).status).toBe(401);
    });

    it("an admin deleting someone's account", async () => {
      const target = `leaving-${unique()}@example.com`;
      const created = await call(app, "POST", "/api/signup", { body: { email: target, password: PASSWORD } });
      expect(created.status).toBe(201);
      const admin = await freshAdmin();
      await goStale();
      expectStepUp(await call(app, "DELETE", `/api/admin/users/${created.body.id}`, { cookie: admin }), "stale");
      expect(sessionFrom(await credentialsCallback(app, target, PASSWORD))).toBeDefined();
      expect(await refusals("user.delete", app.admin.email)).toContain("step_up_required");
      // The refusal names whose account it was for.
      const path = `/api/admin/audit?action=user.delete&outcome=refused&actor=${encodeURIComponent(app.admin.email)}`;
      const [row] = (await call(app, "GET", path, { cookie: await freshAdmin() })).body.events as { detail: object }[];
      expect(row!.detail).toMatchObject({ reason: "step_up_required", userId: created.body.id });
      await giveFactor(admin, passkeyOf(app, app.admin.email)!);
      expect((await call(app, "DELETE", `/api/admin/users/${created.body.id}`, { cookie: admin })).status).toBe(204);
    });

    it("the client export", async () => {
      const admin = await freshAdmin();
      const email = `officer-${unique()}@example.com`;
      const made = await call(app, "POST", "/api/admin/users", {
        cookie: admin,
        body: { email, password: "officer-long-password", role: "loan_officer" },
      });
      expect(made.status).toBe(201);
      // Enrols a passkey at this first sign-in: the session's factor is new.
      const cookie = await signIn(app, email, "officer-long-password");
      await goStale();
      expectStepUp(await call(app, "GET", "/api/clients/export", { cookie }), "stale");
      expect(await refusals("clients.export", email)).toEqual(["step_up_required"]);
      await giveFactor(cookie, passkeyOf(app, email)!);
      const file = await call(app, "GET", "/api/clients/export", { cookie });
      expect([file.status, file.headers.get("content-type")]).toEqual([200, "text/csv; charset=utf-8"]);
    });

    it("removing an authenticator app", async () => {
      const { email, cookie, key } = await homeownerWithPasskey();
      const started = await call(app, "POST", "/api/account/authenticator", { cookie });
      expect(started.status).toBe(200);
      const confirm = { code: totpCode(started.body.secret as string, Date.now()) };
      expect((await call(app, "POST", "/api/account/authenticator/confirm", { cookie, body: confirm })).status).toBe(
        200,
      );
      await goStale();
      expectStepUp(await call(app, "DELETE", "/api/account/authenticator", { cookie }), "stale");
      expect((await call(app, "GET", "/api/account/security", { cookie })).body.totp).toBe(true);
      expect(await refusals("factor.remove", email)).toEqual(["step_up_required"]);
      await giveFactor(cookie, key);
      expect((await call(app, "DELETE", "/api/account/authenticator", { cookie })).status).toBe(204);
      expect((await call(app, "GET", "/api/account/security", { cookie })).body.totp).toBe(false);
    });

    it("removing a passkey", async () => {
      const { email, cookie, key } = await homeownerWithPasskey();
      await addPasskey(app, email, cookie, "Laptop");
      const passkeys = (await call(app, "GET", "/api/account/security", { cookie })).body.passkeys as {
        id: string;
        name: string;
      }[];
      const laptop = passkeys.find((passkey) => passkey.name === "Laptop")!;
      await goStale();
      expectStepUp(await call(app, "DELETE", `/api/account/passkeys/${laptop.id}`, { cookie }), "stale");
      expect((await call(app, "GET", "/api/account/security", { cookie })).body.passkeys).toHaveLength(2);
      expect(await refusals("factor.remove", email)).toEqual(["step_up_required"]);
      await giveFactor(cookie, key);
      expect((await call(app, "DELETE", `/api/account/passkeys/${laptop.id}`, { cookie })).status).toBe(204);
      expect((await call(app, "GET", "/api/account/security", { cookie })).body.passkeys).toHaveLength(1);
    });

    it("new recovery codes", async () => {
      const { email, cookie, key } = await homeownerWithPasskey();
      await goStale();
      expectStepUp(await call(app, "POST", "/api/account/recovery-codes", { cookie }), "stale");
      expect(await refusals("recovery_codes.new", email)).toEqual(["step_up_required"]);
      await giveFactor(cookie, key);
      const codes = await call(app, "POST", "/api/account/recovery-codes", { cookie });
      expect([codes.status, codes.body.recoveryCodes?.length]).toEqual([200, 10]);
    });

    it("registering a widget site (its secret signs sign-in links to members' dashboards)", async () => {
      const admin = await freshAdmin();
      await goStale();
      const site = { name: `Bank ${unique()}`, allowedOrigins: ["https://bank.example"], dailyBudget: 10 };
      expectStepUp(await call(app, "POST", "/api/admin/sites", { cookie: admin, body: site }), "stale");
      expect(await refusals("site.create", app.admin.email)).toContain("step_up_required");
      await giveFactor(admin, passkeyOf(app, app.admin.email)!);
      const made = await call(app, "POST", "/api/admin/sites", { cookie: admin, body: site });
      expect([made.status, typeof made.body.siteSecret]).toEqual([201, "string"]);
    });

    it("changing where leads go: the default officer and lender's name, a site's officer, a homeowner's officer (issue 53, item 3)", async () => {
      const admin = await freshAdmin();
      // An officer to send the leads to, a site and a homeowner whose leads they could be: made while the factor is new.
      const officerEmail = `routing-${unique()}@example.com`;
      const made = await call(app, "POST", "/api/admin/users", {
        cookie: admin,
        body: { email: officerEmail, password: "officer-long-password", role: "loan_officer" },
      });
      expect(made.status).toBe(201);
      const officerId = made.body.id as number;
      const siteName = `Routing ${unique()}`;
      const site = { name: siteName, allowedOrigins: ["https://routing.example"], dailyBudget: 10 };
      expect((await call(app, "POST", "/api/admin/sites", { cookie: admin, body: site })).status).toBe(201);
      const siteOf = async () =>
        (
          (await call(app, "GET", "/api/admin/sites", { cookie: admin })).body.sites as {
            id: number;
            name: string;
            officerId: number | null;
          }[]
        )
          .filter((one) => one.name === siteName)
          .map(({ id, officerId }) => ({ id, officerId }))[0]!;
      const siteId = (await siteOf()).id;
      const homeowner = await newAccount(app);
      const exported = async () => (await call(app, "GET", "/api/account/export", { cookie: homeowner.cookie })).body;
      const homeownerId = (await exported()).account.id as number;
      const officerOf = async () => ((await exported()).loanOfficer as { email: string } | null)?.email ?? null;
      const organization = async () => (await call(app, "GET", "/api/admin/organization", { cookie: admin })).body;
      const before = { organization: await organization(), site: await siteOf(), homeowner: await officerOf() };
      const details = {
        companyName: before.organization.companyName,
        nmlsId: before.organization.nmlsId,
        equalHousingStatement: before.organization.equalHousingStatement,
        defaultOfficerId: before.organization.defaultOfficerId,
      };
      const lender = `Lender ${unique()}`;
      const change = {
        organization: () =>
          call(app, "PUT", "/api/admin/organization", {
            cookie: admin,
            body: { ...details, companyName: lender, defaultOfficerId: officerId },
          }),
        site: () => call(app, "PATCH", "/api/admin/sites", { cookie: admin, body: { siteId, officerId } }),
        homeowner: () =>
          call(app, "PUT", `/api/admin/users/${homeownerId}/officer`, { cookie: admin, body: { officerId } }),
      };

      await goStale();
      const answers = {
        organization: await change.organization(),
        site: await change.site(),
        homeowner: await change.homeowner(),
      };
      const codes = Object.entries(answers).map(([what, reply]) => [what, reply.status, reply.body?.error?.code]);
      expect(codes).toEqual([
        ["organization", 403, "step_up_required"],
        ["site", 403, "step_up_required"],
        ["homeowner", 403, "step_up_required"],
      ]);
      // Nothing changed, and each refusal is in the log.
      expect({ organization: await organization(), site: await siteOf(), homeowner: await officerOf() }).toEqual(
        before,
      );
      const refused = async () => ({
        organization: await refusals("organization.change", app.admin.email),
        site: await refusals("site.officer", app.admin.email),
        homeowner: await refusals("officer.assign", app.admin.email),
      });
      const once = { organization: ["step_up_required"], site: ["step_up_required"], homeowner: ["step_up_required"] };
      expect(await refused()).toEqual(once);

      await giveFactor(admin, passkeyOf(app, app.admin.email)!);
      expect((await change.organization()).status).toBe(200);
      expect((await change.site()).status).toBe(204);
      expect((await change.homeowner()).status).toBe(200);
      expect(await organization()).toMatchObject({ companyName: lender, defaultOfficerId: officerId });
      expect(await siteOf()).toEqual({ id: siteId, officerId });
      expect(await officerOf()).toBe(officerEmail);
      // Still one refused row each (the allowed changes are rows of their own).
      expect(await refused()).toEqual(once);
      const path = `/api/admin/audit?action=officer.assign&outcome=refused&actor=${encodeURIComponent(app.admin.email)}`;
      const [row] = (await call(app, "GET", path, { cookie: admin })).body.events as { detail: object }[];
      expect(row!.detail).toMatchObject({ reason: "step_up_required", userId: homeownerId });
      // The shared app's organization as it was, for the files after this one.
      const restored = await call(app, "PUT", "/api/admin/organization", { cookie: admin, body: details });
      expect(restored.status).toBe(200);
    });

    it("new recovery codes need a factor on the account, not only a session that gave one", async () => {
      const { email, cookie } = await homeownerWithPasskey();
      const [passkey] = (await call(app, "GET", "/api/account/security", { cookie })).body.passkeys as { id: string }[];
      expect((await call(app, "DELETE", `/api/account/passkeys/${passkey!.id}`, { cookie })).status).toBe(204);
      const codes = await call(app, "POST", "/api/account/recovery-codes", { cookie });
      expect([codes.status, codes.body.error?.code, email]).toEqual([409, "no_second_factor", email]);
    });

    it("adding a factor (a passkey, an authenticator app)", async () => {
      const { email, cookie, key } = await homeownerWithPasskey();
      await goStale();
      expectStepUp(await call(app, "POST", "/api/account/passkeys/options", { cookie }), "passkey");
      expectStepUp(await call(app, "POST", "/api/account/authenticator", { cookie }), "authenticator");
      expect(await refusals("factor.add", email, 2)).toEqual(["step_up_required", "step_up_required"]);
      await giveFactor(cookie, key);
      expect((await call(app, "POST", "/api/account/passkeys/options", { cookie })).status).toBe(200);
      expect((await call(app, "POST", "/api/account/authenticator", { cookie })).status).toBe(200);
    });
  },
);
