import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newSoftPasskey, softAssertion, softRegistration } from "@/lib/testing/soft-passkey";
import { call, credentialsCallback, passkeyOf, signIn, unique } from "./client";
import { startOwnApp } from "./processes";
import type { AppInfo } from "./setup";

/**
 * A refused sign-in posted as JSON (next-auth takes JSON too): unlike a form, JSON carries a lone surrogate as it is.
 */
async function jsonSignIn(app: AppInfo, email: string, password: string): Promise<number> {
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Cookie: cookies },
    body: JSON.stringify({ csrfToken, email, password, json: "true" }),
  });
  await response.arrayBuffer();
  return response.status;
}

const until = async (check: () => Promise<boolean>, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
};

describe("the activity log takes whatever text it is given (embedded service)", () => {
  const app = inject("apps").embedded;
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("keeps verifying and keeps writing after a lone surrogate in a refused sign-in's email and a passkey's name, and a NUL", async () => {
    await jsonSignIn(app, "a\ud800@x.com", "not-the-password");
    await jsonSignIn(app, "b\u0000@x.com", "not-the-password");
    // Passkeys named with a lone surrogate and with a NUL (the edge may clean or refuse the name; either way the log
    // goes on).
    for (const name of ["Key \ud800", "Key \u0000 two"]) {
      const options = await call(app, "POST", "/api/account/passkeys/options", { cookie: admin });
      if (options.status === 200)
        await call(app, "POST", "/api/account/passkeys", {
          cookie: admin,
          body: { name, response: softRegistration(newSoftPasskey(), options.body, app.url) },
        });
    }
    // An ordinary event after them arrives.
    const later = `after-${unique()}@example.com`;
    await credentialsCallback(app, later, "not-the-password");
    await until(
      async () =>
        (await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(later)}`, { cookie: admin })).body.events
          ?.length === 1,
      "the sign-in after the odd ones in the log",
    );
    const verify = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, firstBadId: null });
  });
});

/** The app's admin gives their second factor again (their passkey), as the step-up dialog has them do. */
async function stepUp(app: AppInfo, admin: string) {
  const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie: admin })).body;
  const key = passkeyOf(app, app.admin.email)!;
  expect(
    (
      await call(app, "POST", "/api/account/second-factor", {
        cookie: admin,
        body: { passkey: softAssertion(key, options, app.url) },
      })
    ).status,
  ).toBe(200);
}

/** An app of its own whose step-up time is 3 s, so that the admin's factor grows old within the test. */
describe("an admin deletes a homeowner (an app whose step-up time is 3 s)", () => {
  let stop: (() => Promise<void>) | undefined;
  let app: AppInfo;
  let admin: string;

  beforeAll(async () => {
    ({ app, stop } = await startOwnApp("audit-integrity", { STEP_UP_MINUTES: "0.05" }));
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  afterAll(async () => {
    await stop?.();
  });

  it("asks for a recent second factor, then leaves neither the person's email in the log nor their mail in the outbox", async () => {
    const email = `leaving-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/signup", { body: { email, password: "a-good-long-password" } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // Mail to them (a reset link), and refused sign-ins with their email as typed: rows with the email and no account
    // id.
    expect((await call(app, "POST", "/api/account/password-reset", { body: { email } })).status).toBeLessThan(300);
    await credentialsCallback(app, email.toUpperCase(), "not-the-password");
    await credentialsCallback(app, `nobody-${email}`, "not-the-password");
    await until(
      async () =>
        (
          await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(email)}&outcome=refused`, {
            cookie: admin,
          })
        ).body.events?.length >= 1,
      "the refused sign-in in the log",
    );

    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const stale = await call(app, "DELETE", `/api/admin/users/${id}`, { cookie: admin });
    expect([stale.status, stale.body.error?.code]).toEqual([403, "step_up_required"]);
    await until(
      async () =>
        (await call(app, "GET", "/api/admin/audit?action=user.delete&outcome=refused", { cookie: admin })).body.events
          ?.length === 1,
      "the refused deletion in the log",
    );

    await stepUp(app, admin);
    expect((await call(app, "DELETE", `/api/admin/users/${id}`, { cookie: admin })).status).toBe(204);
    const byEmail = await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(email)}`, { cookie: admin });
    expect(byEmail.body.events).toEqual([]);
    // The deletion notice is the only mail to them left; the reset link went with the account.
    const outbox = await call(app, "GET", `/api/admin/outbox?kind=email&to=${encodeURIComponent(email)}`, {
      cookie: admin,
    });
    expect(outbox.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      "Your home dashboard account is deleted",
    ]);
    // Someone else's refused sign-in stays; the log still verifies.
    const other = await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(`nobody-${email}`)}`, {
      cookie: admin,
    });
    expect(other.body.events).toHaveLength(1);
    expect((await call(app, "GET", "/api/admin/audit/verify", { cookie: admin })).body).toMatchObject({
      ok: true,
      firstBadId: null,
    });
  });
});
