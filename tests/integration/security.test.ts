import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, credentialsCallback, newAccount, signIn } from "./client";

describe("security headers", () => {
  const app = inject("apps").embedded;
  beforeAll(async () => {
    await fetch(`${app.url}/embed/demo`); // registers the demo widget site
  });

  const KINDS: { kind: string; path: string; framedBy: string | null }[] = [
    { kind: "a public page", path: "/", framedBy: null },
    { kind: "the sign-in page", path: "/login", framedBy: null },
    { kind: "a protected page (redirect)", path: "/dashboard", framedBy: null },
    { kind: "an API route", path: "/api/health", framedBy: null },
    { kind: "the widget", path: "/embed/valuation?key=site_demo", framedBy: "site" },
    { kind: "the partner dashboard without a partner session", path: "/embed/dashboard/view", framedBy: "'none'" },
    {
      kind: "a partner's home page without a partner session",
      path: "/embed/dashboard/view/properties/1",
      framedBy: "'none'",
    },
  ];

  it.each(KINDS)("on $kind", async ({ path, framedBy }) => {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
    const h = response.headers;
    expect(h.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    if (!path.startsWith("/embed/valuation")) expect(h.get("permissions-policy")).toContain("camera=()");
    const csp = h.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/base-uri '(self|none)'/);
    if (framedBy === null) {
      expect(csp).toContain("frame-ancestors 'none'");
      expect(h.get("x-frame-options")).toBe("DENY");
    } else if (framedBy === "site") {
      expect(csp).toMatch(/frame-ancestors [^;]*http:\/\/127\.0\.0\.1:\d+/);
      expect(h.get("x-frame-options")).toBeNull();
    } else {
      expect(csp).toContain(`frame-ancestors ${framedBy}`);
    }
  });

  it("refuses a state-changing request from another site's page", async () => {
    const officer = await signIn(app, "officer@example.com", "officer-demo");
    const reply = await call(app, "POST", "/api/avm", {
      cookie: officer,
      body: { address: "2800 N 24th St, Phoenix, AZ 85008" },
      headers: { Origin: "https://evil.example" },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe("cross_origin");
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const { email } = await newAccount(app);
    const response = await credentialsCallback(app, email, "a-good-long-password");
    const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});

describe("operations", () => {
  const apps = inject("apps");

  it.each(["embedded", "http"] as const)("reports the database, cache and service as reachable (%s)", async (name) => {
    const reply = await call(apps[name], "GET", "/api/health?deep=1");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: "ok",
      checks: { startup: "ok", database: "ok", cache: "ok", upstream: "ok" },
    });
  });

  it("gives every API answer a request id, and keeps one it was given", async () => {
    const fresh = await call(apps.embedded, "GET", "/api/owner-data");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    const kept = await call(apps.embedded, "GET", "/api/owner-data", { headers: { "X-Request-Id": "trace-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-12345678");
  });
});

describe("when the database does not answer", () => {
  const app = inject("apps").noDatabase;

  it("answers 503 with a message, and says so in the readiness check", async () => {
    const signUp = await call(app, "POST", "/api/signup", {
      body: { email: "x@example.com", password: "a-long-password" },
    });
    expect(signUp.status).toBe(503);
    expect(signUp.body.error.message).toMatch(/database is not answering/);
    expect(Number(signUp.headers.get("retry-after"))).toBeGreaterThan(0);
    const health = await call(app, "GET", "/api/health?deep=1");
    expect(health.status).toBe(503);
    expect(health.body.checks.database).not.toBe("ok");
    expect((await call(app, "GET", "/api/health")).status).toBe(200);
  });
});
