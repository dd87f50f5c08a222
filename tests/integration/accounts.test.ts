import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { call, deedName, houses, sessionFrom, signIn, unique } from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";
import type { AppInfo } from "./setup";
import { smtpServer, type Mail } from "./smtp";

/**
 * Accounts under attack and mail through a real SMTP server: an app of this file's own (its throttles and limits
 * must not spill into the shared apps), sending its mail to an SMTP server started here. It trusts one proxy hop,
 * so each test can speak from a client address of its own with X-Forwarded-For.
 */

const run = unique();
const dataDir = mkdtempSync(join(tmpdir(), "accounts-"));
const admin = { email: `admin-${run}@example.com`, password: `admin-password-${run}` };
const app: AppInfo = { name: "embedded", url: "", admin, userLimitPerMinute: 0 };
let child: ChildProcess;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let mails: Mail[];

beforeAll(async () => {
  smtp = await smtpServer();
  mails = smtp.mails;
  const port = await freePort();
  app.url = `http://127.0.0.1:${port}`;
  child = startNext(port, {
    DATA_DIR: dataDir,
    PROPERTY_API_BASE_URL: "",
    NEXTAUTH_URL: app.url,
    NEXTAUTH_SECRET: `secret-${run}`,
    CACHE_NAMESPACE: `accounts-${run}`,
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Home dashboard <no-reply@dashboard.example>",
    TRUSTED_PROXY_HOPS: "1",
    RATE_LIMIT_SIGNUP_PER_HOUR: "3",
    RATE_LIMIT_PASSKEY_OPTIONS_PER_MINUTE: "5",
  });
  await waitFor(`${app.url}/api/health`, child, "accounts app");
});

afterAll(async () => {
  child?.kill("SIGTERM");
  if (child) await exited(child);
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A client address of its own for each caller, as the trusted proxy in front would say. */
const from = (ip: string) => ({ "X-Forwarded-For": ip });

/** Signs in through next-auth as the login form does, from an address, with the cookies a browser would carry. */
async function attempt(email: string, password: string, options: { ip: string; cookies?: string[] }) {
  const csrf = await fetch(`${app.url}/api/auth/csrf`, { headers: from(options.ip) });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = [...csrf.headers.getSetCookie().map((c) => c.split(";")[0]!), ...(options.cookies ?? [])].join("; ");
  const response = await fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies, ...from(options.ip) },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const error = decodeURIComponent(new URL((await response.json()).url).searchParams.get("error") ?? "");
  const set = response.headers.getSetCookie();
  return { error, session: sessionFrom(response), device: set.find((c) => c.startsWith("hd_device="))?.split(";")[0] };
}

/**
 * Wrong passwords for an account, each from an address of its own (`prefix`.x.y), until it is told to wait `seconds` or
 * more: the next attempt, sent at once, meets the account's throttle with time to spare.
 */
async function throttle(email: string, prefix: string, seconds = 4) {
  for (let i = 0; i < 500; i++) {
    const { error } = await attempt(email, `wrong-${i}`, { ip: `${prefix}.${Math.floor(i / 250)}.${(i % 250) + 1}` });
    if (Number(error.match(/^Too many sign-in attempts\. Try again in (\d+) seconds/)?.[1] ?? 0) >= seconds) return;
  }
  throw new Error(`${email} was never told to wait ${seconds} s`);
}

async function account(ip: string, email = `person-${unique()}@example.com`) {
  const created = await call(app, "POST", "/api/signup", {
    body: { email, password: "a-good-long-password" },
    headers: from(ip),
  });
  expect(created.status).toBe(201);
  return email;
}

/** Waits for a message to arrive at the SMTP server. */
async function mailTo(to: string, since = 0): Promise<Mail> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const mail = mails.slice(since).find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

const owns = async (session: string) => (await call(app, "GET", "/api/owner-data", { cookie: session })).status;

describe("sign-in under attack", () => {
  it("lets 6 of 45 parallel guesses be checked, and the owner's own browser in while the attack goes on", async () => {
    const email = await account("10.0.0.1");
    const owner = await attempt(email, "a-good-long-password", { ip: "10.0.0.1" });
    expect(owner.session).toBeTruthy();
    expect(owner.device).toBeTruthy();

    const guesses = await Promise.all(
      Array.from({ length: 45 }, (_, i) => attempt(email, `guess-number-${i}`, { ip: "10.6.6.6" })),
    );
    const checked = guesses.filter((g) => g.error === "Wrong email or password.");
    const throttled = guesses.filter((g) => g.error.startsWith("Too many sign-in attempts"));
    // The five free tries are compared (a throttle that refuses everything is no answer), and the one that starts the
    // first wait; no more.
    expect(checked.length).toBeGreaterThanOrEqual(5);
    expect(checked.length).toBeLessThanOrEqual(6);
    expect(checked.length + throttled.length).toBe(45);

    // The attack goes on; the owner's browser carries its device cookie and gets in in the middle of it.
    const [burst, back] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => attempt(email, `more-guesses-${i}`, { ip: "10.6.6.7" }))),
      attempt(email, "a-good-long-password", { ip: "10.0.0.1", cookies: [owner.device!] }),
    ]);
    expect(back.error).toBe("");
    expect(back.session).toBeTruthy();
    expect(burst.filter((g) => g.error === "Wrong email or password.").length).toBeLessThanOrEqual(1);
    // A device cookie is good only for its own account: on another account, throttled, it gets no attempt of its own
    // (honoured, it would be compared: "Wrong email or password.").
    const other = await account("10.0.0.2");
    await throttle(other, "10.8");
    expect((await attempt(other, "wrong-password-1", { ip: "10.0.0.2", cookies: [owner.device!] })).error).toMatch(
      /^Too many sign-in attempts/,
    );
    // Nor can it be forged: a cookie whose signature does not match counts as a stranger's browser.
    const forged = `${owner.device!.slice(0, -3)}abc`;
    await throttle(email, "10.7");
    expect((await attempt(email, "wrong-but-forged", { ip: "10.7.255.1", cookies: [forged] })).error).toMatch(
      /^Too many sign-in attempts/,
    );
  }, 90_000);

  it("says the same for an unknown email and a wrong password", async () => {
    const email = await account("10.1.0.1");
    expect((await attempt(`nobody-${unique()}@example.com`, "wrong-password-1", { ip: "10.1.0.2" })).error).toBe(
      "Wrong email or password.",
    );
    expect((await attempt(email, "wrong-password-1", { ip: "10.1.0.3" })).error).toBe("Wrong email or password.");
  });

  it("throttles one address guessing across many accounts", async () => {
    const results = [];
    for (let i = 0; i < 24; i++)
      results.push((await attempt(`spray-${i}-${unique()}@example.com`, "Winter2026!", { ip: "10.9.9.9" })).error);
    expect(results.slice(0, 20).every((e) => e === "Wrong email or password.")).toBe(true);
    expect(results.slice(20).some((e) => e.startsWith("Too many sign-in attempts"))).toBe(true);
    // Another address is not affected.
    expect((await attempt(`spray-x-${unique()}@example.com`, "Winter2026!", { ip: "10.9.9.10" })).error).toBe(
      "Wrong email or password.",
    );
  }, 60_000);

  it("hands one address a few passkey challenges a minute, then a 429 with Retry-After; another address still gets one", async () => {
    const ask = (ip: string) =>
      fetch(`${app.url}/api/passkeys/sign-in-options`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...from(ip) },
        body: "{}",
      });
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask("203.0.113.77")));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await ask("203.0.113.78")).status).toBe(200);
  });
});

describe("sessions", () => {
  it("signing out makes that session cookie useless on the server", async () => {
    const email = await account("10.2.0.1");
    const { session } = await attempt(email, "a-good-long-password", { ip: "10.2.0.1" });
    expect(await owns(session!)).toBe(404); // signed in: no home yet
    const csrf = await fetch(`${app.url}/api/auth/csrf`, { headers: { Cookie: session! } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = [session!, ...csrf.headers.getSetCookie().map((c) => c.split(";")[0]!)].join("; ");
    await fetch(`${app.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    expect(await owns(session!)).toBe(401);
  });

  it("a password change ends the account's other sessions and keeps this one", async () => {
    const email = await account("10.2.0.2");
    const here = (await attempt(email, "a-good-long-password", { ip: "10.2.0.2" })).session!;
    const there = (await attempt(email, "a-good-long-password", { ip: "10.2.0.3" })).session!;
    const weak = await call(app, "POST", "/api/account/password", {
      cookie: here,
      body: { currentPassword: "a-good-long-password", newPassword: "password1234" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.newPassword ?? weak.body.error.fields.password).toMatch(/easy to guess/);
    const wrong = await call(app, "POST", "/api/account/password", {
      cookie: here,
      body: { currentPassword: "not-my-password", newPassword: "another-long-passphrase" },
    });
    expect(wrong.body.error.fields.currentPassword).toBeTruthy();
    expect(
      (
        await call(app, "POST", "/api/account/password", {
          cookie: here,
          body: { currentPassword: "a-good-long-password", newPassword: "another-long-passphrase" },
        })
      ).status,
    ).toBe(200);
    expect(await owns(here)).toBe(404);
    expect(await owns(there)).toBe(401);
    expect((await attempt(email, "a-good-long-password", { ip: "10.2.0.4" })).error).toBe("Wrong email or password.");
    expect((await attempt(email, "another-long-passphrase", { ip: "10.2.0.4" })).session).toBeTruthy();
  });

  it("an admin signs a user out everywhere", async () => {
    const email = `person-${unique()}@example.com`;
    const { id } = (
      await call(app, "POST", "/api/signup", {
        body: { email, password: "a-good-long-password" },
        headers: from("10.2.0.5"),
      })
    ).body;
    const session = (await attempt(email, "a-good-long-password", { ip: "10.2.0.5" })).session!;
    const second = (await attempt(email, "a-good-long-password", { ip: "10.2.0.7" })).session!;
    const adminSession = await signIn(app, admin.email, admin.password);
    const ended = await call(app, "DELETE", `/api/admin/users/${id}/sessions`, { cookie: adminSession });
    expect(ended.body.ended).toBe(2);
    expect(await owns(session)).toBe(401);
    expect(await owns(second)).toBe(401);
  });
});

describe("mail through SMTP", () => {
  it("delivers an invitation whose link signs the client in as the verified owner", async () => {
    const adminSession = await signIn(app, admin.email, admin.password);
    const email = `client-${unique()}@example.com`;
    const address = houses(860, 1)[0]!;
    const since = mails.length;
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: adminSession,
          body: { email, ...deedName(address), address },
        })
      ).status,
    ).toBe(201);
    const mail = await mailTo(email, since);
    expect(mail.raw).toContain("From: Home dashboard <no-reply@dashboard.example>");
    const link = mail.raw.match(new RegExp(`${app.url}/invite\\?token=([\\w-]+)`));
    expect(link).toBeTruthy();
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...from("10.3.0.2") },
      body: JSON.stringify({ token: link![1], password: "a-good-long-password" }),
    });
    expect(accepted.status).toBe(200);
    const data = await call(app, "GET", "/api/owner-data", { cookie: sessionFrom(accepted)! });
    expect(data.body.verified).toBe(true);
    // The copy the outbox keeps of mail sent on has no usable link.
    const outbox = await call(app, "GET", `/api/admin/outbox?to=${encodeURIComponent(email)}`, {
      cookie: adminSession,
    });
    expect(outbox.body.messages[0].delivery).toBe("smtp");
    expect(outbox.body.messages[0].text).not.toContain(link![1]);
  });

  it("tells the officer when the mail server is down, and keeps no invitation that nobody received", async () => {
    const adminSession = await signIn(app, admin.email, admin.password);
    const email = `unlucky-${unique()}@example.com`;
    const address = houses(862, 1)[0]!;
    await smtp.stop();
    try {
      const refused = await call(app, "POST", "/api/invitations", {
        cookie: adminSession,
        body: { email, ...deedName(address), address },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/could not be sent right now/);
      const kept = await call(app, "GET", `/api/admin/outbox?to=${encodeURIComponent(email)}`, {
        cookie: adminSession,
      });
      expect(kept.body.messages[0].delivery).toBe("failed");
    } finally {
      await smtp.start();
    }
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: adminSession,
          body: { email, ...deedName(address), address },
        })
      ).status,
    ).toBe(201);
  });

  it("resets a forgotten password with a single-use link, answering the same for an unknown email", async () => {
    const email = await account("10.4.0.1");
    const old = (await attempt(email, "a-good-long-password", { ip: "10.4.0.1" })).session!;
    const since = mails.length;
    const known = await call(app, "POST", "/api/account/password-reset", {
      body: { email },
      headers: from("10.4.0.2"),
    });
    const unknown = await call(app, "POST", "/api/account/password-reset", {
      body: { email: `nobody-${unique()}@example.com` },
      headers: from("10.4.0.2"),
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailTo(email, since);
    const token = mail.raw.match(/reset-password\?token=([\w-]+)/)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails.slice(since).filter((m) => m.to.startsWith("nobody-"))).toHaveLength(0);

    const weak = await call(app, "POST", "/api/account/password-reset/confirm", {
      body: { token, password: "password123" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toMatch(/easy to guess/);
    const reset = await fetch(`${app.url}/api/account/password-reset/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "a-brand-new-passphrase" }),
    });
    expect(reset.status).toBe(200);
    expect(await owns(sessionFrom(reset)!)).toBe(404);
    expect(await owns(old)).toBe(401);
    expect(
      (
        await call(app, "POST", "/api/account/password-reset/confirm", {
          body: { token, password: "yet-another-passphrase" },
        })
      ).status,
    ).toBe(400);
    expect((await attempt(email, "a-brand-new-passphrase", { ip: "10.4.0.3" })).session).toBeTruthy();
  });
});

describe("accounts an admin creates", () => {
  it("are held to the same password rule as sign-up, the field named, and nothing is created", async () => {
    const adminSession = await signIn(app, admin.email, admin.password);
    const email = `officer-${unique()}@example.com`;
    for (const password of ["qwertyuiop12", "password2026"]) {
      const weak = await call(app, "POST", "/api/admin/users", {
        cookie: adminSession,
        body: { email, password, role: "loan_officer" },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.error.fields.password).toMatch(/easy to guess/);
    }
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: adminSession,
      body: { email, password: "quiet-harbor-lantern-7", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
  });
});

describe("staff invited by email", () => {
  it("mails a single-use link at the app's own origin; the account opens with no password until it is used, then asks for a second factor", async () => {
    const adminSession = await signIn(app, admin.email, admin.password);
    const officer = { email: `officer-${unique()}@example.com`, password: "quiet-harbor-lantern-7" };
    expect(
      (
        await call(app, "POST", "/api/admin/users", {
          cookie: adminSession,
          body: { ...officer, role: "loan_officer" },
        })
      ).status,
    ).toBe(201);
    const officerSession = await signIn(app, officer.email, officer.password);
    const email = `invited-${unique()}@example.com`;
    const invite = { email, role: "loan_officer", invite: true };
    expect((await call(app, "POST", "/api/admin/users", { cookie: officerSession, body: invite })).status).toBe(403);

    const both = await call(app, "POST", "/api/admin/users", {
      cookie: adminSession,
      body: { ...invite, password: "quiet-harbor-lantern-7" },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.fields.password).toMatch(/left out with invite/);
    const neither = await call(app, "POST", "/api/admin/users", {
      cookie: adminSession,
      body: { email, role: "loan_officer" },
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields.password).toMatch(/is required/);

    const since = mails.length;
    // A forwarded host names another origin: the link still points at the app's configured one.
    const invited = await call(app, "POST", "/api/admin/users", {
      cookie: adminSession,
      body: invite,
      headers: { "X-Forwarded-Host": "evil.example" },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: "loan_officer", invitationExpiresAt: expect.any(String) });
    const mail = await mailTo(email, since);
    expect(mail.raw).toContain("made you an account on the home dashboard, as a loan officer.");
    expect(mail.raw).not.toContain("evil.example");
    const token = mail.raw.match(new RegExp(`${app.url}/reset-password\\?token=([\\w-]+)&first=1`))?.[1];
    expect(token).toBeTruthy();
    expect((await call(app, "POST", "/api/admin/users", { cookie: adminSession, body: invite })).status).toBe(409);
    const outbox = await call(app, "GET", `/api/admin/outbox?to=${encodeURIComponent(email)}`, {
      cookie: adminSession,
    });
    expect(outbox.body.messages[0].text).not.toContain(token);

    // Nothing signs in with a password before the link is used: not the token, not a guess.
    for (const guess of [token!, "", "password"])
      expect((await attempt(email, guess, { ip: "10.6.0.1" })).session).toBeFalsy();
    const weak = await call(app, "POST", "/api/account/password-reset/confirm", {
      body: { token, password: "password2026" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toMatch(/easy to guess/);
    const chosen = await fetch(`${app.url}/api/account/password-reset/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "my-own-staff-passphrase" }),
    });
    expect(chosen.status).toBe(200);
    // Signed in, and held to setting up a second factor as every new staff member is.
    const first = sessionFrom(chosen)!;
    expect((await call(app, "GET", "/api/account/security", { cookie: first })).body.secondFactor).toBe("enrol");
    expect((await call(app, "GET", "/api/clients", { cookie: first })).body.error.code).toBe(
      "second_factor_enrolment_required",
    );
    expect(
      (
        await call(app, "POST", "/api/account/password-reset/confirm", {
          body: { token, password: "yet-another-passphrase" },
        })
      ).status,
    ).toBe(400);
    const again = (await attempt(email, "my-own-staff-passphrase", { ip: "10.6.0.2" })).session!;
    expect((await call(app, "GET", "/api/account/security", { cookie: again })).body.secondFactor).toBe("enrol");
  });

  it("makes no account when the invitation cannot be mailed, so the admin can simply try again", async () => {
    const adminSession = await signIn(app, admin.email, admin.password);
    const invite = { email: `unmailed-${unique()}@example.com`, role: "admin", invite: true };
    await smtp.stop();
    try {
      const refused = await call(app, "POST", "/api/admin/users", { cookie: adminSession, body: invite });
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/No account was made/);
    } finally {
      await smtp.start();
    }
    expect((await call(app, "POST", "/api/admin/users", { cookie: adminSession, body: invite })).status).toBe(201);
  });
});

describe("sign-up", () => {
  it("refuses an easy password with the field named, and limits accounts per address", async () => {
    const weak = await call(app, "POST", "/api/signup", {
      body: { email: `weak-${unique()}@example.com`, password: "qwertyuiop12" },
      headers: from("10.5.0.1"),
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toMatch(/easy to guess/);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await call(app, "POST", "/api/signup", {
            body: { email: `many-${i}-${unique()}@example.com`, password: "a-good-long-password" },
            headers: from("10.5.0.9"),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(
      (
        await call(app, "POST", "/api/signup", {
          body: { email: `elsewhere-${unique()}@example.com`, password: "a-good-long-password" },
          headers: from("10.5.0.10"),
        })
      ).status,
    ).toBe(201);
  });
});
