import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AppInfo } from "./setup";
import {
  call,
  deedName,
  houses,
  invitedHomeowner,
  latestMail,
  meterFor,
  newAccount,
  rawCall,
  sessionFrom,
  signIn,
  unique,
} from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";

// Findings of the security review, each proved against the built app.

describe("sign-in's callback URL", () => {
  const app = inject("apps").embedded;
  // The path the login page hands its form, as written into the page's RSC payload.
  const callbackOf = async (callbackUrl: string) => {
    const html = await (await fetch(`${app.url}/login?callbackUrl=${encodeURIComponent(callbackUrl)}`)).text();
    return /\\"callbackUrl\\":\\"(.*?)\\"/.exec(html)?.[1];
  };

  it.each([
    "/\\evil.example/",
    "//evil.example",
    "/%5Cevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "\t/evil.example",
  ])("never leads to another site: %j", async (hostile) => {
    expect(await callbackOf(hostile)).toBe("/start");
  });

  it("keeps a path on this site", async () => {
    expect(await callbackOf("/lookup?address=1")).toBe("/lookup?address=1");
  });
});

describe("a chunked body with no Content-Length", () => {
  const app = inject("apps").embedded;

  it("is refused with 413 once past the limit, without being read to the end", async () => {
    const total = 100 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024).fill(97);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        controller.enqueue(chunk);
        pulled += chunk.byteLength;
      },
    });
    const response = await fetch(`${app.url}/api/signup`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "application/json" },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("too_large");
    // Socket buffers take a few MB more; reading it all would pull the whole 100 MB.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pulled).toBeLessThan(total / 5);
  });
});

describe("the widget demo's frame-ancestors", () => {
  const app = inject("apps").embedded;
  const port = new URL(app.url).port;
  const expected = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const ancestorsOf = async (key: string) => {
    const csp = (await fetch(`${app.url}/embed/valuation?key=${key}`)).headers.get("content-security-policy") ?? "";
    return /frame-ancestors ([^;]*)/.exec(csp)![1]!.split(" ");
  };

  it("come from configuration, whatever Host the demo page is asked with", async () => {
    for (const host of ["*", "evil.example", "*.example", "127.0.0.1:1 http://*", "x; script-src *", "localhost:1"]) {
      expect((await rawCall(app, "GET", "/embed/demo", { headers: { Host: host } })).status).toBeLessThan(500);
    }
    expect(await ancestorsOf("site_demo")).toEqual(expected);
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const sites = (await call(app, "GET", "/api/admin/sites", { cookie: admin })).body.sites as {
      siteKey: string;
      allowedOrigins: string[];
    }[];
    expect(sites.find((site) => site.siteKey === "site_demo")!.allowedOrigins).toEqual(expected);
  });

  it("are never a wildcard: a site cannot be registered with one", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    for (const origin of ["http://*", "https://*.example", "http://*:8080"]) {
      const reply = await call(app, "POST", "/api/admin/sites", {
        cookie: admin,
        body: { name: "wildcard", allowedOrigins: [origin], dailyBudget: 10 },
      });
      expect(reply.status, origin).toBe(400);
      expect(reply.body.error.fields).toHaveProperty(["allowedOrigins.0"]);
    }
  });
});

describe("a partner token", () => {
  const app = inject("apps").embedded;
  let site: { siteKey: string; siteSecret: string };
  beforeAll(async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const reply = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "partner review", allowedOrigins: ["https://bank-review.example"], dailyBudget: 100 },
    });
    expect(reply.status).toBe(201);
    site = reply.body;
  });
  const open = async (iat: number, exp: number) => {
    const address = houses(300, 1)[0]!;
    const { firstName, lastName } = deedName(address);
    const token = await new SignJWT({
      email: `member-${unique()}@example.com`,
      given_name: firstName,
      family_name: lastName,
      address,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(site.siteKey)
      .setSubject(`member-${unique()}`)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(`jti-${unique()}-${unique()}`)
      .sign(new TextEncoder().encode(site.siteSecret));
    const response = await fetch(`${app.url}/embed/dashboard?token=${token}`, { redirect: "manual" });
    return { status: response.status, text: await response.text() };
  };
  const now = () => Math.floor(Date.now() / 1000);

  it("dated a year ahead is refused, with a message that says why", async () => {
    const iat = now() + 365 * 86_400;
    const reply = await open(iat, iat + 300);
    expect(reply.status).toBe(401);
    expect(reply.text).toMatch(/dated in the future/);
  });

  it("that expires before it was issued is refused", async () => {
    const reply = await open(now() + 50, now() + 10);
    expect(reply.status).toBe(401);
    expect(reply.text).toMatch(/expires before it was issued/);
  });

  it("issued a few seconds ahead (clock skew) still works", async () => {
    const reply = await open(now() + 20, now() + 200);
    expect(reply.status).toBe(303);
  });
});

describe("the organization's maximum LTV", () => {
  const app = inject("apps").embedded;

  it.each([true, [0.6], "0x1", "0.6", null, {}, 1e-300, 0, -0.1, 1.5, 0.001])(
    "refuses %j with 400 naming orgMaxLtv",
    async (orgMaxLtv) => {
      const admin = await signIn(app, app.admin.email, app.admin.password);
      const reply = await call(app, "PUT", "/api/admin/settings", { cookie: admin, body: { orgMaxLtv } });
      expect(reply.status).toBe(400);
      expect(reply.body.error.fields).toHaveProperty("orgMaxLtv");
    },
  );

  it("takes a number from 0.01 to 1", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const before = (await call(app, "GET", "/api/admin/settings", { cookie: admin })).body.orgMaxLtv;
    try {
      for (const orgMaxLtv of [0.01, 1, 0.75])
        expect(
          (await call(app, "PUT", "/api/admin/settings", { cookie: admin, body: { orgMaxLtv } })).body,
        ).toMatchObject({ orgMaxLtv });
    } finally {
      await call(app, "PUT", "/api/admin/settings", { cookie: admin, body: { orgMaxLtv: before } });
    }
  });
});

describe("the client's address", () => {
  const widget = async (app: AppInfo, allowedOrigin: string) => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const site = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: `ip ${unique()}`, allowedOrigins: [allowedOrigin], dailyBudget: 1000 },
    });
    expect(site.status).toBe(201);
    return (address: string, forwardedFor: string, from?: string) =>
      rawCall(app, "POST", "/api/widget/valuation", {
        body: { key: site.body.siteKey, address },
        headers: { Origin: allowedOrigin, "X-Forwarded-For": forwardedFor },
        from,
      });
  };

  it("is the socket's, not X-Forwarded-For, with no trusted proxy: a new header each time still meets the per-visitor limit", async () => {
    const app = inject("apps").embedded;
    const ask = await widget(app, "https://ip-review.example");
    const statuses: number[] = [];
    // A source address of this test's own, so no other test's lookups share the visitor's allowance (20 a minute).
    for (const [i, address] of houses(700, 22).entries())
      statuses.push((await ask(address, `198.51.100.${i + 1}`, "127.0.0.31")).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another socket address is another visitor.
    expect((await ask(houses(730, 1)[0]!, "198.51.100.1", "127.0.0.32")).status).toBe(200);
  });

  describe("behind one trusted proxy (TRUSTED_PROXY_HOPS=1)", () => {
    let child: ChildProcess;
    let dir: string;
    const app: AppInfo = {
      name: "embedded",
      url: "",
      admin: { email: "admin@example.com", password: "admin-demo" },
      userLimitPerMinute: 0,
    };
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "integration-hops-"));
      app.dataDir = dir;
      const port = await freePort();
      app.url = `http://127.0.0.1:${port}`;
      child = startNext(port, {
        DATA_DIR: dir,
        PROPERTY_API_BASE_URL: "",
        DATABASE_URL: "",
        REDIS_URL: "",
        TRUSTED_PROXY_HOPS: "1",
        WIDGET_RATE_LIMIT_IP_PER_MINUTE: "3",
      });
      await waitFor(`${app.url}/api/health`, child, "app behind a proxy");
    });
    afterAll(async () => {
      child?.kill("SIGTERM");
      // It writes the log's checkpoint into its data folder as it stops: the folder goes once it has.
      if (child) await exited(child);
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    });

    it("counts the address the proxy appended: distinct ones are distinct visitors, and what the client wrote before it is ignored", async () => {
      const ask = await widget(app, "https://ip-proxy.example");
      const addresses = houses(740, 8);
      const statuses = [];
      // The proxy appends the client's address; a client may have sent anything before it.
      for (const forged of ["", "1.1.1.1, ", "2.2.2.2, ", "3.3.3.3, "])
        statuses.push((await ask(addresses[statuses.length]!, `${forged}198.51.100.7`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await ask(addresses[4]!, "198.51.100.8")).status).toBe(200);
      expect((await ask(addresses[5]!, "1.1.1.1, 198.51.100.9")).status).toBe(200);
    });
  });
});

describe("an account made with someone else's email before they are invited", () => {
  const app = inject("apps").embedded;

  it("is the mailbox owner's alone once the invitation is accepted: the stranger's password and sessions no longer work", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    // Sign-up proves nothing about the email: a stranger registers the client's address with a password of their own.
    const stranger = await newAccount(app);
    const address = houses(1300, 1)[0]!;
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: admin,
          body: { email: stranger.email, ...deedName(address), address },
        })
      ).status,
    ).toBe(201);
    const { token } = await latestMail(app, admin, stranger.email);
    // The client, who never made that account, opens the link: accepting asks them for a password of their own.
    const withoutPassword = await call(app, "POST", "/api/invitations/accept", { body: { token } });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.error.fields.password).toBeTruthy();
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "another-long-passphrase-of-mine" }),
    });
    expect(accepted.status).toBe(200);
    expect((await call(app, "GET", "/api/owner-data", { cookie: sessionFrom(accepted)! })).body.verified).toBe(true);
    // The stranger's session ended, and their password is no longer the account's.
    const data = await call(app, "GET", "/api/owner-data", { cookie: stranger.cookie });
    expect(data.status).toBe(401);
    expect(JSON.stringify(data.body)).not.toMatch(/loan|equity/i);
    await expect(signIn(app, stranger.email, "a-good-long-password")).rejects.toThrow(/sign-in failed/);
  });
});

describe("the unsubscribe page", () => {
  const app = inject("apps").embedded;

  it.each(["__proto__", "constructor", "toString"])("answers ?done=%s with the page, not an error", async (done) => {
    const response = await fetch(`${app.url}/unsubscribe?done=${done}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("You are unsubscribed");
    expect(html).toContain("not complete or not valid");
  });
});

describe("a homeowner's report", () => {
  const app = inject("apps").embedded;

  it("is prepared for the account whatever applicant_name says: another name is not another billable report", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const address = houses(1310, 1)[0]!;
    const owner = await invitedHomeowner(app, admin, address);
    const ask = (name: string) =>
      call(
        app,
        "GET",
        `/api/property/report?format=json&applicant_name=${encodeURIComponent(name)}&address=${encodeURIComponent(address)}`,
        {
          cookie: owner,
        },
      );
    expect((await ask("First Name")).status).toBe(200);
    const before = await meterFor(app, admin, "propertyReport");
    for (const name of ["Second Name", "Third Name", "Fourth Name"]) expect((await ask(name)).status).toBe(200);
    expect((await meterFor(app, admin, "propertyReport")).upstreamCalls).toBe(before.upstreamCalls);
  });
});
