import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSoftPasskey, softAssertion } from "@/lib/testing/soft-passkey";
import {
  addPasskey,
  call,
  credentialsCallback,
  latestMail,
  providerCallback,
  sessionFrom,
  signIn,
  unique,
} from "./client";
import { CookieJar, startIdp, type TestIdp } from "./oidc-idp";
import { exited, freePort, startNext, waitFor } from "./processes";
import type { AppInfo } from "./setup";

/**
 * Single sign-on for staff against a real OpenID provider (oidc-provider) started here, the browser's redirects driven
 * with fetch and a cookie jar. The app is of this file's own: it trusts the provider's MFA (and the acr
 * `urn:test:loa:mfa`), refuses staff passwords (STAFF_PASSWORDS=false) and re-checks a sign-on session's groups every
 * 3 seconds. Its session secret is known here, so the session token can be read.
 */

const secret = randomBytes(32).toString("base64url");
const dataDir = mkdtempSync(join(tmpdir(), "sso-"));
const app: AppInfo = {
  name: "embedded",
  url: "",
  admin: { email: "admin@example.com", password: "admin-demo" },
  userLimitPerMinute: 1000,
  // The demo staff's authenticator codes derive from these (see client.ts's signIn).
  dataDir,
  authSecret: secret,
};
let child: ChildProcess;
let idp: TestIdp;
let logs = "";
/** How often the app re-checks a sign-on session's groups with the provider (OIDC_RECHECK_MINUTES, in seconds here). */
const RECHECK_SECONDS = 3;

beforeAll(async () => {
  const port = await freePort();
  app.url = `http://127.0.0.1:${port}`;
  idp = await startIdp(app.url);
  child = startNext(
    port,
    {
      NEXTAUTH_URL: app.url,
      NEXTAUTH_SECRET: secret,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      PROPERTY_API_BASE_URL: "",
      RATE_LIMIT_USER_PER_MINUTE: "1000",
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "app",
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_TRUSTS_IDP_MFA: "true",
      OIDC_MFA_ACR_VALUES: "urn:test:loa:mfa",
      OIDC_RECHECK_MINUTES: String(RECHECK_SECONDS / 60),
      STAFF_PASSWORDS: "false",
    },
    "pipe",
  );
  child.stderr!.on("data", (chunk: Buffer) => (logs += chunk.toString("utf8")));
  await waitFor(`${app.url}/api/openapi.json`, child, "app");
});

afterAll(async () => {
  child.kill("SIGTERM");
  await exited(child);
  await idp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A browser signing in through the provider as `login`: the app's sign-in button, the provider, back to the app's
 * callback. `onAuthorize` sees the authorization request; `forgeState` changes the state the callback comes back with.
 */
async function sso(login: string, options: { onAuthorize?: (url: URL) => Promise<void>; forgeState?: boolean } = {}) {
  const jar = new CookieJar();
  const { csrfToken } = (await (await jar.fetch(`${app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const start = await jar.fetch(`${app.url}/api/auth/signin/oidc?login_hint=${login}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${app.url}/dashboard` }),
  });
  const authorize = new URL(start.headers.get("location") ?? "");
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idp.issuer}/auth`);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("nonce")).toBeTruthy();
  await options.onAuthorize?.(authorize);
  const callback = new URL(
    await jar.followUntil(authorize.href, (url) => url.startsWith(`${app.url}/api/auth/callback/oidc`)),
  );
  if (options.forgeState) callback.searchParams.set("state", "forged");
  const answer = await jar.fetch(callback.href);
  return { location: new URL(answer.headers.get("location") ?? "", app.url).href, session: sessionFrom(answer) };
}

/** The session as next-auth reports it (from the token), and as the session token itself carries it. */
async function whoami(cookie: string) {
  const reply = await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: cookie } });
  const { user } = (await reply.json()) as { user?: { id: number; email: string; role: string } };
  const token = await decode({ token: cookie.slice(cookie.indexOf("=") + 1), secret });
  return { user, token };
}

/** A loan officer's API (standardize an address): 200 for staff, 403 for a homeowner, 401 without a live session. */
const officerCall = (cookie: string) =>
  call(app, "POST", "/api/address/normalize", {
    cookie,
    body: { requests: [{ street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" }] },
  });
/** Any role's API: 200 while the session is live. */
const anyRoleCall = (cookie: string) => call(app, "GET", "/api/account/mail-preferences", { cookie });

describe("single sign-on for staff through OpenID Connect", () => {
  it("offers the organization's sign-in on the login page, and explains a refusal in a sentence", async () => {
    expect(await (await fetch(`${app.url}/login`)).text()).toContain("Sign in with your organization");
    expect(await (await fetch(`${app.url}/login?error=OidcNoRole`)).text()).toContain(
      "does not give you access to this app",
    );
  });

  it("provisions an officer from the officer group and an admin from the admin group; the same subject is the same account", async () => {
    const run = unique();
    idp.people.set(`dana-${run}`, {
      email: `Dana-${run}@Lender.example`,
      groups: ["everyone", "loan_officer"],
      amr: ["pwd", "mfa"],
    });
    idp.people.set(`erin-${run}`, {
      email: `erin-${run}@lender.example`,
      groups: ["loan_officer", "admin"],
      amr: ["pwd", "mfa"],
    });

    const dana = await sso(`dana-${run}`);
    expect(dana.location).toBe(`${app.url}/dashboard`);
    const { user } = await whoami(dana.session!);
    expect(user).toMatchObject({ email: `dana-${run}@lender.example`, role: "loan_officer" });
    expect((await officerCall(dana.session!)).status).toBe(200);
    expect((await call(app, "GET", "/api/admin/jobs", { cookie: dana.session! })).status).toBe(403);

    const erin = await sso(`erin-${run}`);
    expect((await whoami(erin.session!)).user?.role).toBe("admin");
    expect((await call(app, "GET", "/api/admin/jobs", { cookie: erin.session! })).status).toBe(200);

    const again = await sso(`dana-${run}`);
    expect((await whoami(again.session!)).user?.id).toBe(user!.id);
  });

  it("refuses someone whose groups no longer give a role, ends their sessions and leaves the account a homeowner", async () => {
    // The demo officer is linked by its email: it is staff, no other subject holds it, the provider says it verified
    // the email, and with STAFF_PASSWORDS=false the account's password signs nobody in.
    const olga = `olga-${unique()}`;
    idp.people.set(olga, {
      email: "officer@example.com",
      emailVerified: true,
      groups: ["loan_officer"],
      amr: ["pwd", "mfa"],
    });
    const first = await sso(olga);
    expect((await whoami(first.session!)).user).toMatchObject({ email: "officer@example.com", role: "loan_officer" });
    expect((await officerCall(first.session!)).status).toBe(200);

    idp.people.get(olga)!.groups = ["everyone"];
    const refused = await sso(olga);
    expect(refused.location).toBe(`${app.url}/login?error=OidcNoRole`);
    expect(refused.session).toBeUndefined();
    expect((await anyRoleCall(first.session!)).status).toBe(401);
    expect((await officerCall(first.session!)).status).toBe(401);

    // A homeowner now: STAFF_PASSWORDS=false no longer stops their password, and it gives no staff access.
    const asHomeowner = await signIn(app, "officer@example.com", "officer-demo");
    expect((await whoami(asHomeowner)).user?.role).toBe("homeowner");
    expect((await officerCall(asHomeowner)).status).toBe(403);

    // Back in the group: the role follows the claim again.
    idp.people.get(olga)!.groups = ["loan_officer"];
    const back = await sso(olga);
    expect((await officerCall(back.session!)).status).toBe(200);
  });

  it("never makes a homeowner's account staff because the provider's email matches it", async () => {
    const email = `frank-${unique()}@lender.example`;
    expect((await call(app, "POST", "/api/signup", { body: { email, password: "a-good-long-password" } })).status).toBe(
      201,
    );
    idp.people.set(email, { email, groups: ["admin"], amr: ["pwd"] });

    const refused = await sso(email);
    expect(refused.location).toBe(`${app.url}/login?error=OidcAccountConflict`);
    expect(refused.session).toBeUndefined();
    const homeowner = await signIn(app, email, "a-good-long-password");
    expect((await officerCall(homeowner)).status).toBe(403);

    // No email from the provider: nothing to find or make an account by.
    const anonymous = `nomail-${unique()}`;
    idp.people.set(anonymous, { email: "", groups: ["loan_officer"], amr: ["pwd"] });
    expect(await sso(anonymous)).toEqual({ location: `${app.url}/login?error=OidcNoEmail`, session: undefined });
  });

  it("refuses a callback whose state was tampered with", async () => {
    const login = `gus-${unique()}`;
    idp.people.set(login, { email: `${login}@lender.example`, groups: ["loan_officer"], amr: ["pwd"] });
    const forged = await sso(login, { forgeState: true });
    expect(forged.session).toBeUndefined();
    expect(forged.location).toContain("error=OAuthCallback");
    expect(logs).toContain("state mismatch");
  });

  it("refuses an ID token the provider issued to another client", async () => {
    const login = `hana-${unique()}`;
    idp.people.set(login, { email: `${login}@lender.example`, groups: ["admin"], amr: ["pwd", "mfa"] });
    const swapped = await sso(login, {
      // The other client's token carries this sign-in's nonce: only its audience is wrong.
      onAuthorize: async (authorize) => {
        const idToken = await idp.idTokenForOther(login, authorize.searchParams.get("nonce")!);
        const claims = JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString("utf8")) as {
          aud: string;
          nonce: string;
        };
        expect(claims).toMatchObject({ aud: "other", nonce: authorize.searchParams.get("nonce") });
        idp.swapNextIdToken(idToken);
      },
    });
    expect(swapped.session).toBeUndefined();
    expect(swapped.location).toContain("error=OAuthCallback");
    expect(logs).toContain("aud mismatch");
  });

  it("counts the provider's MFA as the second factor (OIDC_TRUSTS_IDP_MFA=true), and a password alone not", async () => {
    const withMfa = `ines-${unique()}`;
    const passwordOnly = `jon-${unique()}`;
    idp.people.set(withMfa, { email: `${withMfa}@lender.example`, groups: ["loan_officer"], amr: ["pwd", "mfa"] });
    idp.people.set(passwordOnly, { email: `${passwordOnly}@lender.example`, groups: ["loan_officer"], amr: ["pwd"] });
    // The provider's MFA finishes the sign-in; a password alone leaves a new officer on the enrolment page.
    const trusted = (await sso(withMfa)).session!;
    expect((await call(app, "GET", "/api/account/security", { cookie: trusted })).body).toMatchObject({
      secondFactor: "given",
      required: true,
    });
    expect((await officerCall(trusted)).status).toBe(200);
    const unproven = (await sso(passwordOnly)).session!;
    expect((await call(app, "GET", "/api/account/security", { cookie: unproven })).body).toMatchObject({
      secondFactor: "enrol",
    });
    expect((await officerCall(unproven)).body.error.code).toBe("second_factor_enrolment_required");
  });

  it("STAFF_PASSWORDS=false: a staff member's right password fails exactly like a wrong one, a reset link does not sign them in; a homeowner's password works", async () => {
    const staff = await credentialsCallback(app, "admin@example.com", "admin-demo");
    const wrong = await credentialsCallback(app, "admin@example.com", "not-the-password");
    const unknown = await credentialsCallback(app, `nobody-${unique()}@example.com`, "admin-demo");
    expect(sessionFrom(staff)).toBeUndefined();
    const answers = await Promise.all(
      [staff, wrong, unknown].map(async (r) => ({ status: r.status, body: await r.text() })),
    );
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(answers[2]);

    // Nor does a reset link sign staff in with a new password (an admin who came in through the provider reads the
    // mail).
    const lee = `lee-${unique()}`;
    idp.people.set(lee, { email: `${lee}@lender.example`, groups: ["admin"], amr: ["pwd", "mfa"] });
    const admin = (await sso(lee)).session!;
    expect(
      (await call(app, "POST", "/api/account/password-reset", { body: { email: "admin@example.com" } })).status,
    ).toBe(202);
    const { token } = await latestMail(app, admin, "admin@example.com");
    const reset = await call(app, "POST", "/api/account/password-reset/confirm", {
      body: { token, password: "another-good-long-password" },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe("sso_only");
    expect(sessionFrom(reset)).toBeUndefined();
    expect(
      sessionFrom(await credentialsCallback(app, "admin@example.com", "another-good-long-password")),
    ).toBeUndefined();

    const email = `kim-${unique()}@example.com`;
    expect((await call(app, "POST", "/api/signup", { body: { email, password: "a-good-long-password" } })).status).toBe(
      201,
    );
    expect((await whoami(await signIn(app, email, "a-good-long-password"))).user?.role).toBe("homeowner");
  });
});

/** An admin signed in through the provider with its MFA (a second factor given, so a recent one for step-ups). */
async function ssoAdmin(): Promise<string> {
  const login = `root-${unique()}`;
  idp.people.set(login, { email: `${login}@lender.example`, groups: ["admin"], amr: ["pwd", "mfa"] });
  return (await sso(login)).session!;
}

/** The newest rows of the activity log for an action by an account, as an admin reads them. */
async function logged(
  admin: string,
  actor: string,
  action: string,
): Promise<Array<{ outcome: string; detail: Record<string, unknown> | null }>> {
  const reply = await call(app, "GET", `/api/admin/audit?${new URLSearchParams({ limit: "20", actor, action })}`, {
    cookie: admin,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.events;
}

const seconds = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 1000));

describe("single sign-on trusts only what the provider vouches for (issue 38 item 7)", () => {
  it("links an existing account by email only when the provider says it verified the email, and makes none with an email it says it did not", async () => {
    const admin = await ssoAdmin();
    const email = `pat-${unique()}@lender.example`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, role: "loan_officer", password: "a-good-long-password" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // Someone at the provider who set their email to the officer's, unverified (or with no word on it): not linked.
    for (const emailVerified of [false, undefined]) {
      const mallory = `mallory-${unique()}`;
      idp.people.set(mallory, { email, emailVerified, groups: ["admin"], amr: ["pwd", "mfa"] });
      expect(await sso(mallory)).toEqual({
        location: `${app.url}/login?error=OidcAccountConflict`,
        session: undefined,
      });
    }
    // The officer themself, whose email the provider verified: linked to the account the admin made.
    const pat = `pat-${unique()}`;
    idp.people.set(pat, { email, emailVerified: true, groups: ["loan_officer"], amr: ["pwd", "mfa"] });
    const linked = await sso(pat);
    expect((await whoami(linked.session!)).user).toMatchObject({ id: created.body.id, email, role: "loan_officer" });

    // A new account is not made for an email the provider says it did not verify (it would hold that email here).
    const nobody = `nobody-${unique()}`;
    idp.people.set(nobody, {
      email: `${nobody}@lender.example`,
      emailVerified: false,
      groups: ["loan_officer"],
      amr: ["pwd", "mfa"],
    });
    expect(await sso(nobody)).toEqual({ location: `${app.url}/login?error=OidcEmailUnverified`, session: undefined });
    expect(await (await fetch(`${app.url}/login?error=OidcEmailUnverified`)).text()).toContain(
      "did not confirm your email address",
    );
  });

  it("counts the provider's sign-in as a second factor only for mfa, two kinds of factor, or a configured acr", async () => {
    const cases: Array<{ amr: string[]; acr?: string; state: "given" | "enrol" }> = [
      { amr: ["otp"], state: "enrol" },
      { amr: ["hwk"], state: "enrol" },
      { amr: ["sms", "otp"], state: "enrol" },
      { amr: ["pwd"], acr: "urn:test:loa:password", state: "enrol" },
      { amr: ["mfa"], state: "given" },
      { amr: ["pwd", "otp"], state: "given" },
      { amr: ["pwd", "hwk"], state: "given" },
      { amr: ["pwd"], acr: "urn:test:loa:mfa", state: "given" },
    ];
    for (const { amr, acr, state } of cases) {
      const login = `mfa-${unique()}`;
      idp.people.set(login, { email: `${login}@lender.example`, groups: ["loan_officer"], amr, acr });
      const { session } = await sso(login);
      const security = await call(app, "GET", "/api/account/security", { cookie: session! });
      expect({ amr, acr, state: security.body.secondFactor }).toEqual({ amr, acr, state });
    }
  });

  it("asks for a sign-in within OIDC_MAX_AGE_SECONDS and refuses an older one, or one whose time the provider left out", async () => {
    const recent = `una-${unique()}`;
    idp.people.set(recent, {
      email: `${recent}@lender.example`,
      groups: ["loan_officer"],
      amr: ["pwd", "mfa"],
      authTime: Math.floor(Date.now() / 1000) - 60,
    });
    const fresh = await sso(recent, {
      onAuthorize: async (authorize) => expect(authorize.searchParams.get("max_age")).toBe("43200"),
    });
    expect(fresh.location).toBe(`${app.url}/dashboard`);

    // The provider vouches for a sign-in of 13 hours ago (it ignored max_age): refused, and said why.
    const stale = `vic-${unique()}`;
    idp.people.set(stale, {
      email: `${stale}@lender.example`,
      groups: ["admin"],
      amr: ["pwd", "mfa"],
      authTime: Math.floor(Date.now() / 1000) - 13 * 3600,
    });
    expect(await sso(stale)).toEqual({ location: `${app.url}/login?error=OidcSignInTooOld`, session: undefined });
    expect(await (await fetch(`${app.url}/login?error=OidcSignInTooOld`)).text()).toContain("too long ago");

    // No auth_time in the token (here the request lost its max_age on the way, so the provider sends none): refused.
    const timeless = `wes-${unique()}`;
    idp.people.set(timeless, { email: `${timeless}@lender.example`, groups: ["admin"], amr: ["pwd", "mfa"] });
    const refused = await sso(timeless, { onAuthorize: async (authorize) => authorize.searchParams.delete("max_age") });
    expect(refused).toEqual({ location: `${app.url}/login?error=OidcSignInTooOld`, session: undefined });

    const admin = await ssoAdmin();
    expect((await logged(admin, `${stale}@lender.example`, "signin"))[0]).toMatchObject({
      outcome: "refused",
      detail: { method: "sso", reason: "OidcSignInTooOld" },
    });
  });
});

describe("single sign-on required: staff come in through the provider, and leave with its groups (issue 38 item 8)", () => {
  it("refuses a staff member's passkey sign-in like a wrong passkey, and logs it; the passkey still finishes a sign-on", async () => {
    const login = `quinn-${unique()}`;
    const email = `${login}@lender.example`;
    idp.people.set(login, { email, groups: ["loan_officer"], amr: ["pwd"] });
    // A password at the provider only: the new officer enrols a passkey, as every staff member without one does.
    const first = (await sso(login)).session!;
    const key = await addPasskey(app, email, first);

    const passkeyAnswer = async (passkey = key) => {
      const options = (await call(app, "POST", "/api/passkeys/sign-in-options", { body: {} })).body;
      const response = await providerCallback(app, "passkey", {
        response: JSON.stringify(softAssertion(passkey, options, app.url)),
      });
      return { session: sessionFrom(response), status: response.status, body: await response.text() };
    };
    const staff = await passkeyAnswer();
    const stranger = await passkeyAnswer(newSoftPasskey());
    expect(staff.session).toBeUndefined();
    expect(staff).toEqual(stranger);
    const admin = await ssoAdmin();
    expect((await logged(admin, email, "signin"))[0]).toMatchObject({
      outcome: "refused",
      detail: { method: "passkey", reason: "staff_passwords_off" },
    });

    // Through the provider again (a password there): the passkey is the second step of this session.
    const pending = (await sso(login)).session!;
    expect((await call(app, "GET", "/api/account/security", { cookie: pending })).body.secondFactor).toBe("pending");
    const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie: pending })).body;
    const given = await call(app, "POST", "/api/account/second-factor", {
      cookie: pending,
      body: { passkey: softAssertion(key, options, app.url) },
    });
    expect(given.status).toBe(200);
    // Finishing the sign-in renewed the session: its new cookie is the one that works.
    expect((await officerCall(sessionFrom(given)!)).status).toBe(200);
  });

  it("ends a sign-on session at the first request after the re-check interval once the provider no longer puts the person in a staff group, or refuses", async () => {
    const [stays, removed, gone] = ["sam", "tess", "uma"].map((name) => `${name}-${unique()}`) as [
      string,
      string,
      string,
    ];
    for (const login of [stays, removed, gone])
      idp.people.set(login, { email: `${login}@lender.example`, groups: ["loan_officer"], amr: ["pwd", "mfa"] });
    const sessions = {
      stays: (await sso(stays)).session!,
      removed: (await sso(removed)).session!,
      gone: (await sso(gone)).session!,
    };
    for (const cookie of Object.values(sessions)) expect((await officerCall(cookie)).status).toBe(200);

    idp.people.get(removed)!.groups = ["everyone"];
    idp.people.delete(gone);
    await seconds(RECHECK_SECONDS + 1);
    expect((await officerCall(sessions.removed)).status).toBe(401);
    expect((await anyRoleCall(sessions.removed)).status).toBe(401);
    expect((await officerCall(sessions.gone)).status).toBe(401);
    // Still in the group: checked again (its refresh token as the provider last handed it), and still in, twice over.
    expect((await officerCall(sessions.stays)).status).toBe(200);
    await seconds(RECHECK_SECONDS + 1);
    expect((await officerCall(sessions.stays)).status).toBe(200);

    const admin = await ssoAdmin();
    expect((await logged(admin, `${removed}@lender.example`, "signout"))[0]).toMatchObject({
      detail: { method: "sso", reason: "OidcNoRole" },
    });
    expect((await logged(admin, `${gone}@lender.example`, "signout"))[0]).toMatchObject({
      detail: { method: "sso", reason: "provider_refused" },
    });
  });

  it("gives a sign-on session the role the provider's groups give at the re-check, from that very request", async () => {
    const login = `yara-${unique()}`;
    idp.people.set(login, { email: `${login}@lender.example`, groups: ["admin"], amr: ["pwd", "mfa"] });
    const session = (await sso(login)).session!;
    expect((await call(app, "GET", "/api/admin/jobs", { cookie: session })).status).toBe(200);

    idp.people.get(login)!.groups = ["loan_officer"];
    await seconds(RECHECK_SECONDS + 1);
    expect((await call(app, "GET", "/api/admin/jobs", { cookie: session })).status).toBe(403);
    expect((await officerCall(session)).status).toBe(200);
  });
});
