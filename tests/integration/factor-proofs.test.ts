import { describe, expect, inject, it } from "vitest";
import { softAssertion } from "@/lib/testing/soft-passkey";
import {
  addPasskey,
  call,
  credentialsCallback,
  deedName,
  houses,
  latestMail,
  passkeyOf,
  passkeySignIn,
  sessionFrom,
  signIn,
  signInError,
  unique,
} from "./client";

/**
 * Who may add, keep and lose a second factor (issue 38, items 1, 3, 4 and 6), on the shared app whose step-up time
 * is 3 s, so a session's proofs go stale within a test.
 */

const app = inject("apps").shortStepUp;
let admin: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = "a-good-long-password";

/** The admin, signed in afresh (its step-up is 3 s old at most). */
const freshAdmin = async () => (admin = await signIn(app, app.admin.email, app.admin.password));

/** A homeowner who signed up (nothing proves the email) and signed in with the password. */
async function signedUp(email = `someone-${unique()}@example.com`, password = PASSWORD) {
  expect((await call(app, "POST", "/api/signup", { body: { email, password } })).status).toBe(201);
  const cookie = sessionFrom(await credentialsCallback(app, email, password));
  expect(cookie).toBeDefined();
  return { email, cookie: cookie! };
}

/**
 * Follows the link of the sign-up's confirmation mail (read from the outbox by the admin), signed in to the account.
 */
async function proveEmail(email: string, cookie: string) {
  const { token, text } = await latestMail(app, await freshAdmin(), email);
  expect(text).toContain("/verify-email?token=");
  return call(app, "POST", "/api/email-verification", { cookie, body: { token } });
}

/**
 * A homeowner with a proved email and a passkey, and the session a password reset then signs in: the account has a
 * factor, so that session only waits for it.
 */
async function heldByReset() {
  const { email, cookie } = await signedUp();
  expect((await proveEmail(email, cookie)).status).toBe(200);
  const key = await addPasskey(app, email, sessionFrom(await credentialsCallback(app, email, PASSWORD))!, "Phone");
  expect((await call(app, "POST", "/api/account/password-reset", { body: { email } })).status).toBe(202);
  const { token } = await latestMail(app, await freshAdmin(), email);
  const reset = await fetch(`${app.url}/api/account/password-reset/confirm`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, password: "another-good-long-password" }),
  });
  return { email, key, waiting: sessionFrom(reset)! };
}

describe("an account proves its email before it may add a factor (item 1)", () => {
  it("refuses a passkey or an authenticator app to an account whose email is not proved; the mailed link proves it, once", async () => {
    const { email, cookie } = await signedUp();
    for (const path of ["/api/account/passkeys/options", "/api/account/authenticator"]) {
      const refused = await call(app, "POST", path, { cookie });
      expect([path, refused.status, refused.body.error?.code]).toEqual([path, 403, "email_unverified"]);
    }
    expect((await call(app, "GET", "/api/account/security", { cookie })).body.emailVerified).toBe(false);
    const { token } = await latestMail(app, await freshAdmin(), email);
    // The link alone proves nothing: it must come with a session of its account.
    expect((await call(app, "POST", "/api/email-verification", { body: { token } })).status).toBe(401);
    const someoneElse = await signedUp();
    const elsewhere = await call(app, "POST", "/api/email-verification", {
      cookie: someoneElse.cookie,
      body: { token },
    });
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([400, "verification_link_invalid"]);
    expect((await call(app, "POST", "/api/email-verification", { cookie, body: { token } })).status).toBe(200);
    // Good once.
    const again = await call(app, "POST", "/api/email-verification", { cookie, body: { token } });
    expect([again.status, again.body.error.code]).toEqual([400, "verification_link_invalid"]);
    expect((await call(app, "GET", "/api/account/security", { cookie })).body.emailVerified).toBe(true);
    // A fresh sign-in (the password is recent), and the passkey goes on.
    const signedIn = sessionFrom(await credentialsCallback(app, email, PASSWORD))!;
    await addPasskey(app, email, signedIn, "Phone");
  });

  it("pre-hijacking: a stranger signs up with the owner's email and tries a passkey; the owner's invitation ends the stranger and signs the owner in", async () => {
    const email = `owner-${unique()}@example.com`;
    const home = houses(5, 1)[0]!;
    // The attacker does not hold the mailbox: they sign up with the owner's email and try to plant a passkey.
    const attacker = await signedUp(email, "the-attackers-own-password");
    const options = await call(app, "POST", "/api/account/passkeys/options", { cookie: attacker.cookie });
    expect([options.status, options.body.error?.code]).toEqual([403, "email_unverified"]);
    const totp = await call(app, "POST", "/api/account/authenticator", { cookie: attacker.cookie });
    expect([totp.status, totp.body.error?.code]).toEqual([403, "email_unverified"]);

    // The owner receives the sign-up's confirmation mail and clicks it (not signed in: they do not know the stranger's
    // password): it proves nothing, and the stranger still may not add a factor.
    const { token: confirmation } = await latestMail(app, await freshAdmin(), email);
    expect((await call(app, "POST", "/api/email-verification", { body: { token: confirmation } })).status).toBe(401);
    const still = await call(app, "POST", "/api/account/passkeys/options", { cookie: attacker.cookie });
    expect([still.status, still.body.error?.code]).toEqual([403, "email_unverified"]);

    // The real owner is invited to their home by an officer's admin and accepts, choosing a password.
    const invited = await call(app, "POST", "/api/invitations", {
      cookie: await freshAdmin(),
      body: { email, ...deedName(home), address: home },
    });
    expect(invited.status).toBe(201);
    const { token } = await latestMail(app, admin, email);
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "the-owners-own-password" }),
    });
    expect(accepted.status).toBe(200);
    const owner = sessionFrom(accepted)!;

    // The attacker's session and password are gone.
    expect((await call(app, "GET", "/api/account/security", { cookie: attacker.cookie })).status).toBe(401);
    expect(await signInError(await credentialsCallback(app, email, "the-attackers-own-password"))).toBe(
      "Wrong email or password.",
    );

    // The owner is in, with nothing held at a second-factor step, and may add a factor of their own: the invitation
    // proved the email.
    const security = (await call(app, "GET", "/api/account/security", { cookie: owner })).body;
    expect(security).toMatchObject({
      secondFactor: "none",
      emailVerified: true,
      passkeys: [],
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await call(app, "GET", "/api/owner-data", { cookie: owner })).status).toBe(200);
    await addPasskey(
      app,
      email,
      sessionFrom(await credentialsCallback(app, email, "the-owners-own-password"))!,
      "Owner's phone",
    );
  });
});

describe("a session held at the second-factor step stays held (item 3)", () => {
  it("ends a session waiting for the factor when the owner removes their last factor elsewhere", async () => {
    // A reset password's session: the account has a factor, so the session only waits for it.
    const { key, waiting } = await heldByReset();
    expect((await call(app, "GET", "/api/account/security", { cookie: waiting })).body.secondFactor).toBe("pending");

    // The owner, signed in with the passkey elsewhere, removes it (their only factor) with a fresh step-up.
    const owner = await passkeySignIn(app, key);
    const id = (await call(app, "GET", "/api/account/security", { cookie: owner })).body.passkeys[0].id as string;
    expect((await call(app, "DELETE", `/api/account/passkeys/${id}`, { cookie: owner })).status).toBe(204);

    // The waiting session never becomes a full one.
    for (const path of ["/api/owner-data", "/api/account/mail-preferences", "/api/account/security"]) {
      const reply = await call(app, "GET", path, { cookie: waiting });
      expect([path, reply.status]).toEqual([path, 401]);
    }
    // The session that removed it goes on.
    expect((await call(app, "GET", "/api/account/security", { cookie: owner })).body.passkeys).toEqual([]);
  });
});

describe("staff who remove their last factor set one up again at once (issue 53)", () => {
  it("moves the officer's own session to enrolment and revokes their API tokens: no client list, only a new factor", async () => {
    const email = `last-factor-${unique()}@example.com`;
    await freshAdmin();
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Signed in with the passkey it enrols: the second factor was given a moment ago, so the removal needs no more.
    const officer = await signIn(app, email, "officer-password");
    expect((await call(app, "GET", "/api/clients", { cookie: officer })).status).toBe(200);
    // A token made while the account had its factor: it goes with the last one (review).
    const made = await call(app, "POST", "/api/account/tokens", {
      cookie: officer,
      body: { name: "crm", scopes: ["clients:read"], expiresInDays: 30 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const byToken = () => call(app, "GET", "/api/clients", { headers: { Authorization: `Bearer ${made.body.token}` } });
    expect((await byToken()).status).toBe(200);
    const security = await call(app, "GET", "/api/account/security", { cookie: officer });
    const id = security.body.passkeys[0].id as string;
    expect((await call(app, "DELETE", `/api/account/passkeys/${id}`, { cookie: officer })).status).toBe(204);

    expect((await call(app, "GET", "/api/account/security", { cookie: officer })).body.secondFactor).toBe("enrol");
    const clients = await call(app, "GET", "/api/clients", { cookie: officer });
    expect([clients.status, clients.body.error?.code]).toEqual([403, "second_factor_enrolment_required"]);
    expect((await byToken()).status).toBe(401);
  });
});

describe("adding a factor asks for a recent proof of the account (item 4)", () => {
  it("asks a homeowner with no factor for the password again once the sign-in is older than the step-up time", async () => {
    const { email, cookie: signedUpCookie } = await signedUp();
    expect((await proveEmail(email, signedUpCookie)).status).toBe(200);
    const cookie = sessionFrom(await credentialsCallback(app, email, PASSWORD))!;
    await sleep(3_500);
    for (const [method, path] of [
      ["POST", "/api/account/passkeys/options"],
      ["POST", "/api/account/authenticator"],
    ] as const) {
      const stale = await call(app, method, path, { cookie });
      expect([path, stale.status, stale.body.error?.code]).toEqual([path, 403, "reauthentication_required"]);
    }
    // A wrong password is refused (and counted); the right one allows it for the step-up time.
    const wrong = await call(app, "POST", "/api/account/reauthenticate", {
      cookie,
      body: { password: "not-the-password" },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, "wrong_password"]);
    expect(
      (await call(app, "POST", "/api/account/reauthenticate", { cookie, body: { password: PASSWORD } })).status,
    ).toBe(200);
    await addPasskey(app, email, cookie, "Phone");
  });

  it("asks an account with a factor for a recent factor before another passkey, an authenticator app or new recovery codes", async () => {
    const { email, cookie: signedUpCookie } = await signedUp();
    expect((await proveEmail(email, signedUpCookie)).status).toBe(200);
    await addPasskey(app, email, sessionFrom(await credentialsCallback(app, email, PASSWORD))!, "Phone");
    const cookie = await passkeySignIn(app, passkeyOf(app, email)!);
    await sleep(3_500);
    for (const [method, path] of [
      ["POST", "/api/account/passkeys/options"],
      ["POST", "/api/account/authenticator"],
      ["POST", "/api/account/recovery-codes"],
    ] as const) {
      const stale = await call(app, method, path, { cookie });
      expect([path, stale.status, stale.body.error?.code]).toEqual([path, 403, "step_up_required"]);
    }
    const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie })).body;
    expect(
      (
        await call(app, "POST", "/api/account/second-factor", {
          cookie,
          body: { passkey: softAssertion(passkeyOf(app, email)!, options, app.url) },
        })
      ).status,
    ).toBe(200);
    expect((await call(app, "POST", "/api/account/recovery-codes", { cookie })).status).toBe(200);
  });
});

describe("adding any staff member asks for a recent factor (item 6)", () => {
  it("refuses a stale admin session a new loan officer, by password or by invitation, and logs the refusal", async () => {
    const stale = await freshAdmin();
    await sleep(3_500);
    const byPassword = await call(app, "POST", "/api/admin/users", {
      cookie: stale,
      body: { email: `officer-${unique()}@example.com`, password: "officer-long-password", role: "loan_officer" },
    });
    expect([byPassword.status, byPassword.body.error?.code]).toEqual([403, "step_up_required"]);
    const byInvitation = await call(app, "POST", "/api/admin/users", {
      cookie: stale,
      body: { email: `officer-${unique()}@example.com`, role: "loan_officer", invite: true },
    });
    expect([byInvitation.status, byInvitation.body.error?.code]).toEqual([403, "step_up_required"]);
    const log = await call(app, "GET", "/api/admin/audit?outcome=refused&limit=20", { cookie: await freshAdmin() });
    const refusals = (log.body.events as { action: string; detail: { reason?: string; role?: string } }[]).filter(
      (event) => event.detail?.reason === "step_up_required" && event.detail.role === "loan_officer",
    );
    expect(refusals.map((event) => event.action).sort()).toEqual(["user.create", "user.invite"]);
    // A fresh factor: the officer is made.
    const fresh = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email: `officer-${unique()}@example.com`, password: "officer-long-password", role: "loan_officer" },
    });
    expect(fresh.status).toBe(201);
  });
});

describe("changing the password is throttled like a sign-in (low)", () => {
  it("counts wrong current passwords per account: past the free tries the change answers 429, however the right one is then sent", async () => {
    const { email, cookie } = await signedUp();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (
          await call(app, "POST", "/api/account/password", {
            cookie,
            body: { currentPassword: `wrong-${i}`, newPassword: "another-good-long-password" },
          })
        ).status,
      );
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toContain(429);
    const right = await call(app, "POST", "/api/account/password", {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: "another-good-long-password" },
    });
    expect(right.status).toBe(429);
    expect(email).toBeTruthy();
  });
});

describe("a session gets a new id when it gives its second factor (low)", () => {
  it("answers the factor that finishes a sign-in with a new session cookie; the cookie it came with stops working", async () => {
    const { key, waiting } = await heldByReset();
    const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie: waiting })).body;
    const given = await call(app, "POST", "/api/account/second-factor", {
      cookie: waiting,
      body: { passkey: softAssertion(key, options, app.url) },
    });
    expect(given.status).toBe(200);
    const renewed = sessionFrom(given);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(waiting);
    expect((await call(app, "GET", "/api/account/security", { cookie: waiting })).status).toBe(401);
    expect((await call(app, "GET", "/api/account/security", { cookie: renewed })).body.secondFactor).toBe("given");
  });
});

describe("an invitation that cannot be accepted changes nothing of the account (review)", () => {
  it("refuses a home another account proved before touching the password, factors or sessions of the invited account", async () => {
    const home = houses(6, 1)[0]!;
    // Someone proves the home first.
    const first = await call(app, "POST", "/api/invitations", {
      cookie: await freshAdmin(),
      body: { email: `first-${unique()}@example.com`, ...deedName(home), address: home },
    });
    expect(first.status).toBe(201);
    const firstMail = await latestMail(app, admin, first.body.email);
    const firstAccepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: firstMail.token, password: "the-first-owners-password" }),
    });
    expect(firstAccepted.status).toBe(200);
    // Then an account with its own password is invited to the same home.
    const { email, cookie } = await signedUp();
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: await freshAdmin(),
          body: { email, ...deedName(home), address: home },
        })
      ).status,
    ).toBe(201);
    const { token } = await latestMail(app, admin, email);
    const refused = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "a-password-that-must-not-stick" }),
    });
    expect(refused.status).toBe(409);
    expect((await call(app, "GET", "/api/account/security", { cookie })).status).toBe(200);
    expect(sessionFrom(await credentialsCallback(app, email, PASSWORD))).toBeDefined();
    expect(await signInError(await credentialsCallback(app, email, "a-password-that-must-not-stick"))).toBe(
      "Wrong email or password.",
    );
  });
});
