import { beforeAll, describe, expect, inject, it } from "vitest";
import { newSoftPasskey, softRegistration } from "@/lib/testing/soft-passkey";
import { call, credentialsCallback, signIn, unique } from "./client";
import type { AppInfo } from "./setup";

/** A refused sign-in posted as JSON (next-auth takes JSON too): unlike a form, JSON carries a lone surrogate as it is. */
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
    // Passkeys named with a lone surrogate and with a NUL (the edge may clean or refuse the name; either way the log goes on).
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
      async () => (await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(later)}`, { cookie: admin })).body.events?.length === 1,
      "the sign-in after the odd ones in the log",
    );
    const verify = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, firstBadId: null });
  });
});
