import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { totpCode } from "@/lib/auth/totp";
import { newSoftPasskey, softAssertion } from "@/lib/testing/soft-passkey";
import {
  addPasskey,
  call,
  credentialsCallback,
  newAccount,
  provedAccount,
  passkeyOf,
  passkeySignIn,
  providerCallback,
  sessionFrom,
  signIn,
  signInError,
  unique,
} from "./client";
import { startOwnApp } from "./processes";
import type { AppInfo } from "./setup";

/** A new loan officer made by the admin, signed in with a password only: no factor yet. */
async function newOfficer(app: AppInfo, admin: string) {
  const email = `officer-${unique()}@example.com`;
  const created = await call(app, "POST", "/api/admin/users", {
    cookie: admin,
    body: { email, password: "officer-password", role: "loan_officer" },
  });
  expect(created.status).toBe(201);
  const cookie = sessionFrom(await credentialsCallback(app, email, "officer-password"))!;
  expect(cookie).toBeDefined();
  return { email, id: created.body.id as number, cookie };
}

/**
 * Sets up an authenticator app through the API, as the security page does; returns its secret, the time the confirming
 * code was of, and the recovery codes.
 */
async function enrolAuthenticator(app: AppInfo, cookie: string) {
  const started = await call(app, "POST", "/api/account/authenticator", { cookie });
  expect(started.status).toBe(200);
  expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(started.body.qrSvg).toContain("<svg");
  const secret = started.body.secret as string;
  const at = Date.now();
  const confirmed = await call(app, "POST", "/api/account/authenticator/confirm", {
    cookie,
    body: { code: totpCode(secret, at) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, at, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

describe("a second factor for staff (the shared embedded app)", () => {
  const app = inject("apps").embedded;
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("holds an officer with no factor to setting one up: every officer route is 403 second_factor_enrolment_required, pages go to the enrolment page", async () => {
    const { cookie } = await newOfficer(app, admin);
    const security = await call(app, "GET", "/api/account/security", { cookie });
    expect(security.body).toMatchObject({
      secondFactor: "enrol",
      required: true,
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    for (const [method, path] of [
      ["GET", "/api/clients"],
      ["GET", "/api/opportunities"],
      ["GET", "/api/account/mail-preferences"],
      ["POST", "/api/avm"],
    ] as const) {
      const reply = await call(app, method, path, {
        cookie,
        ...(method === "POST" ? { body: { address: "2800 N 24th St, Phoenix, AZ 85008" } } : {}),
      });
      expect([path, reply.status, reply.body.error?.code]).toEqual([path, 403, "second_factor_enrolment_required"]);
    }
    for (const page of ["/lookup", "/clients", "/account"]) {
      const reply = await fetch(`${app.url}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect([page, reply.status, reply.headers.get("location")]).toEqual([page, 307, "/account/security"]);
    }
  });

  it("enrols an authenticator app; each code is good once; the recovery codes are ten, each good once", async () => {
    const officer = await newOfficer(app, admin);
    const { secret, at, recoveryCodes } = await enrolAuthenticator(app, officer.cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The enrolling session gave its factor: it works now.
    expect((await call(app, "GET", "/api/clients", { cookie: officer.cookie })).status).toBe(200);

    // A password alone is answered second_factor_required, and no session.
    const bare = await credentialsCallback(app, officer.email, "officer-password");
    expect(await signInError(bare)).toBe("second_factor_required");
    expect(sessionFrom(bare)).toBeUndefined();
    // The code that confirmed the app was spent: sent again, it is a replay.
    const replay = await credentialsCallback(app, officer.email, "officer-password", totpCode(secret, at));
    expect([await signInError(replay), sessionFrom(replay)]).toEqual(["second_factor_invalid", undefined]);
    // The next step's code (an app a little ahead) signs in, once.
    const next = totpCode(secret, at + 30_000);
    const signedIn = await credentialsCallback(app, officer.email, "officer-password", next);
    expect(await signInError(signedIn)).toBe("");
    const cookie = sessionFrom(signedIn)!;
    expect((await call(app, "GET", "/api/account/security", { cookie })).body).toMatchObject({
      secondFactor: "given",
      totp: true,
      recoveryCodesLeft: 10,
    });
    expect(await signInError(await credentialsCallback(app, officer.email, "officer-password", next))).toBe(
      "second_factor_invalid",
    );
    // A wrong password with a right code is still a wrong password.
    expect(
      await signInError(
        await credentialsCallback(app, officer.email, "not-the-password", totpCode(secret, at + 60_000)),
      ),
    ).toBe("Wrong email or password.");

    // A recovery code, typed in lower case with spaces, signs in once; the second time it is refused.
    const typed = recoveryCodes[3]!.toLowerCase().replace("-", " ");
    const recovered = await credentialsCallback(app, officer.email, "officer-password", typed);
    expect(sessionFrom(recovered)).toBeDefined();
    expect(await signInError(await credentialsCallback(app, officer.email, "officer-password", typed))).toBe(
      "second_factor_invalid",
    );
    expect((await call(app, "GET", "/api/account/security", { cookie })).body.recoveryCodesLeft).toBe(9);

    // New codes void the old ones (a fresh second factor was just given by this session's sign-in).
    const fresh = await call(app, "POST", "/api/account/recovery-codes", { cookie });
    expect(fresh.status).toBe(200);
    expect(
      await signInError(await credentialsCallback(app, officer.email, "officer-password", recoveryCodes[5]!)),
    ).toBe("second_factor_invalid");
    expect(
      sessionFrom(await credentialsCallback(app, officer.email, "officer-password", fresh.body.recoveryCodes[0])),
    ).toBeDefined();
  });

  it("signs an officer in with a passkey alone, names and lists it, and refuses a passkey of another site or a replayed challenge", async () => {
    const officer = await newOfficer(app, admin);
    await addPasskey(app, officer.email, officer.cookie, "Work laptop");
    const key = passkeyOf(app, officer.email)!;
    const cookie = await passkeySignIn(app, key);
    const security = (await call(app, "GET", "/api/account/security", { cookie })).body;
    expect(security).toMatchObject({ secondFactor: "given", totp: false, recoveryCodesLeft: 10 });
    expect(security.passkeys).toEqual([
      expect.objectContaining({ name: "Work laptop", lastUsedAt: expect.any(String) }),
    ]);
    const id = security.passkeys[0].id as string;
    expect(
      (await call(app, "PATCH", `/api/account/passkeys/${id}`, { cookie, body: { name: "Office laptop" } })).status,
    ).toBe(200);
    expect((await call(app, "GET", "/api/account/security", { cookie })).body.passkeys[0].name).toBe("Office laptop");

    // The same challenge answered twice: the second is refused.
    const options = (await call(app, "POST", "/api/passkeys/sign-in-options", { body: {} })).body;
    const answer = JSON.stringify(softAssertion(key, options, app.url));
    expect(sessionFrom(await providerCallback(app, "passkey", { response: answer }))).toBeDefined();
    const again = await providerCallback(app, "passkey", { response: answer });
    expect([await signInError(again), sessionFrom(again)]).toEqual(["passkey_invalid", undefined]);
    // An answer made for a phishing origin is refused.
    const phished = (await call(app, "POST", "/api/passkeys/sign-in-options", { body: {} })).body;
    const elsewhere = await providerCallback(app, "passkey", {
      response: JSON.stringify(softAssertion(key, phished, "https://phish.example")),
    });
    expect(sessionFrom(elsewhere)).toBeUndefined();
    // A passkey the app never registered is refused.
    const stranger = (await call(app, "POST", "/api/passkeys/sign-in-options", { body: {} })).body;
    expect(
      sessionFrom(
        await providerCallback(app, "passkey", {
          response: JSON.stringify(softAssertion(newSoftPasskey(), stranger, app.url)),
        }),
      ),
    ).toBeUndefined();
  });

  it("lets a homeowner add a passkey and sign in with no password; their password then needs the second factor too", async () => {
    const { cookie, email } = await provedAccount(app, admin);
    expect((await call(app, "GET", "/api/account/security", { cookie })).body).toMatchObject({
      secondFactor: "none",
      required: false,
    });
    await addPasskey(app, email, cookie, "Phone");
    const passwordless = await passkeySignIn(app, passkeyOf(app, email)!);
    expect((await call(app, "GET", "/api/account/mail-preferences", { cookie: passwordless })).status).toBe(200);
    expect(await signInError(await credentialsCallback(app, email, "a-good-long-password"))).toBe(
      "second_factor_required",
    );
  });

  it("asks a session that did not give the account's factor (a reset password) for it before anything else", async () => {
    const { cookie, email } = await provedAccount(app, admin);
    await addPasskey(app, email, cookie, "Phone");
    const key = passkeyOf(app, email)!;
    expect((await call(app, "POST", "/api/account/password-reset", { body: { email } })).status).toBe(202);
    const mail = await call(app, "GET", `/api/admin/outbox?kind=email&to=${encodeURIComponent(email)}`, {
      cookie: admin,
    });
    const token = (mail.body.messages[0].text as string).match(/token=([\w-]+)/)![1]!;
    const reset = await fetch(`${app.url}/api/account/password-reset/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "another-good-long-password" }),
    });
    const pending = sessionFrom(reset)!;
    expect((await call(app, "GET", "/api/account/security", { cookie: pending })).body.secondFactor).toBe("pending");
    expect((await call(app, "GET", "/api/owner-data", { cookie: pending })).body.error.code).toBe(
      "second_factor_required",
    );
    const dashboard = await fetch(`${app.url}/dashboard`, { headers: { Cookie: pending }, redirect: "manual" });
    expect(dashboard.headers.get("location")).toBe("/verify?callbackUrl=%2Fdashboard");
    // The passkey finishes the sign-in.
    const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie: pending })).body;
    const given = await call(app, "POST", "/api/account/second-factor", {
      cookie: pending,
      body: { passkey: softAssertion(key, options, app.url) },
    });
    expect(given.body).toEqual({ kind: "passkey" });
    // Finishing the sign-in renewed the session: the cookie it came with no longer works, the new one has given the
    // factor.
    expect((await call(app, "GET", "/api/account/security", { cookie: pending })).status).toBe(401);
    expect((await call(app, "GET", "/api/account/security", { cookie: sessionFrom(given)! })).body.secondFactor).toBe(
      "given",
    );
  });
});

/**
 * An app of its own with short staff limits (idle 6 s, step-up 3 s): the idle end, the step-up, and fifty wrong codes
 * at once (which throttle this app's client address for a while).
 */
describe("staff sessions: idle end, step-up, throttled codes", () => {
  let stop: (() => Promise<void>) | undefined;
  let app: AppInfo;
  let admin: string;

  beforeAll(async () => {
    ({ app, stop } = await startOwnApp("second-factor", { STAFF_IDLE_MINUTES: "0.1", STEP_UP_MINUTES: "0.05" }));
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  afterAll(async () => {
    await stop?.();
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("ends a staff session after the idle time without requests, keeps one that is used, and keeps a homeowner's", async () => {
    const officer = await newOfficer(app, admin);
    await addPasskey(app, officer.email, officer.cookie);
    const used = await passkeySignIn(app, passkeyOf(app, officer.email)!);
    const idle = await passkeySignIn(app, passkeyOf(app, officer.email)!);
    const homeowner = await newAccount(app);
    // Used every 2 s for 10 s (longer than the 6 s idle limit): still live.
    for (let i = 0; i < 5; i++) {
      await sleep(2_000);
      expect((await call(app, "GET", "/api/clients", { cookie: used })).status).toBe(200);
    }
    // Not used for those 10 s: ended.
    expect((await call(app, "GET", "/api/clients", { cookie: idle })).status).toBe(401);
    expect((await call(app, "GET", "/api/account/mail-preferences", { cookie: homeowner.cookie })).status).toBe(200);
  });

  it("asks again for a second factor before a role change or a factor reset once the last one is older than the step-up time", async () => {
    // The idle limit is 6 s here: each test signs the admin in again.
    admin = await signIn(app, app.admin.email, app.admin.password);
    const target = await newOfficer(app, admin);
    await addPasskey(app, target.email, target.cookie);
    const adminKey = passkeyOf(app, app.admin.email)!;
    const fresh = await passkeySignIn(app, adminKey);
    expect(
      (await call(app, "PATCH", `/api/admin/users/${target.id}`, { cookie: fresh, body: { role: "admin" } })).status,
    ).toBe(200);
    await sleep(3_500);
    const stale = await call(app, "PATCH", `/api/admin/users/${target.id}`, {
      cookie: fresh,
      body: { role: "loan_officer" },
    });
    expect([stale.status, stale.body.error.code]).toEqual([403, "step_up_required"]);
    expect(
      (await call(app, "DELETE", `/api/admin/users/${target.id}/factors`, { cookie: fresh })).body.error.code,
    ).toBe("step_up_required");
    // The step-up: a passkey of the admin's own, then the action goes ahead.
    const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie: fresh })).body;
    expect(
      (
        await call(app, "POST", "/api/account/second-factor", {
          cookie: fresh,
          body: { passkey: softAssertion(adminKey, options, app.url) },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(app, "PATCH", `/api/admin/users/${target.id}`, { cookie: fresh, body: { role: "loan_officer" } }))
        .status,
    ).toBe(200);
    // Resetting the officer's factors ends their sessions; their next sign-in must enrol again.
    const targetSession = await passkeySignIn(app, passkeyOf(app, target.email)!);
    expect((await call(app, "DELETE", `/api/admin/users/${target.id}/factors`, { cookie: fresh })).status).toBe(204);
    expect((await call(app, "GET", "/api/clients", { cookie: targetSession })).status).toBe(401);
    const again = sessionFrom(await credentialsCallback(app, target.email, "officer-password"))!;
    expect((await call(app, "GET", "/api/account/security", { cookie: again })).body.secondFactor).toBe("enrol");
  });

  it("counts fifty wrong codes sent at once one by one: only the free few are compared, the rest wait (429)", async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    const officer = await newOfficer(app, admin);
    const { secret } = await enrolAuthenticator(app, officer.cookie);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(app, "POST", "/api/account/second-factor", {
          cookie: officer.cookie,
          body: { code: String(100000 + i).padStart(6, "0") },
        }),
      ),
    );
    const compared = guesses.filter((reply) => reply.status === 400);
    const throttled = guesses.filter((reply) => reply.status === 429);
    // The five free tries are compared (a throttle that refuses everything is no answer), and the one that starts the
    // first wait (as for passwords); no more.
    expect(compared.length).toBeGreaterThanOrEqual(5);
    expect(compared.length).toBeLessThanOrEqual(6);
    expect(compared.length + throttled.length).toBe(50);
    expect(throttled[0]!.headers.get("retry-after")).toMatch(/^\d+$/);
    // Even the right code waits now.
    const right = await call(app, "POST", "/api/account/second-factor", {
      cookie: officer.cookie,
      body: { code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(right.status).toBe(429);
  });
});
