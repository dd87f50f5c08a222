import postgres from "postgres";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, invitedHomeowner, houses, signIn, unique } from "./client";

const app = inject("apps").embedded;
const databaseUrl = inject("apps").databaseUrl;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new loan officer, signed in with a passkey moments ago (so their second factor is recent: no step-up asked). */
async function newOfficer(admin: string): Promise<{ email: string; id: number; cookie: string }> {
  const email = `token-officer-${unique()}@example.com`;
  const created = await call(app, "POST", "/api/admin/users", {
    cookie: admin,
    body: { email, password: "officer-password", role: "loan_officer" },
  });
  expect(created.status).toBe(201);
  return { email, id: created.body.id, cookie: await signIn(app, email, "officer-password") };
}

async function newToken(cookie: string, scopes: string[], name = `token ${unique()}`) {
  const made = await call(app, "POST", "/api/account/tokens", { cookie, body: { name, scopes, expiresInDays: 30 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { token: string; apiToken: { id: number; name: string; prefix: string } };
}

/** The newest row of the activity log for an action by someone. */
async function newestRow(admin: string, actor: string, action: string) {
  const log = await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(actor)}&action=${action}`, {
    cookie: admin,
  });
  expect(log.status).toBe(200);
  return log.body.events[0] as { detail: Record<string, unknown> | null; outcome: string } | undefined;
}

describe("API tokens", () => {
  let admin: string;
  let officer: { email: string; id: number; cookie: string };
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await newOfficer(admin);
  });

  it("a CRM syncing 50 clients at a time past 500 in ten minutes waits (429 with Retry-After): a token never gives a factor (review of issue 53)", async () => {
    const demo = await signIn(app, "officer@example.com", "officer-demo");
    const { token } = await newToken(demo, ["clients:read"], "CRM page by page");
    for (let page = 1; page <= 10; page++)
      expect((await call(app, "GET", "/api/clients?size=50", { headers: bearer(token) })).body.clients).toHaveLength(
        50,
      );
    const waited = await call(app, "GET", "/api/clients?size=50", { headers: bearer(token) });
    expect([waited.status, waited.body.error?.code]).toEqual([429, "rate_limited"]);
    expect(Number(waited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The officer's own session has its own count.
    expect((await call(app, "GET", "/api/clients?size=50", { cookie: demo })).status).toBe(200);
  });

  it("calls GET /api/clients as its owner, and the activity log names the token", async () => {
    const { token, apiToken } = await newToken(officer.cookie, ["clients:read"], "CRM sync");
    expect(token).toMatch(/^hdt_[\w-]{43,}$/);
    const clients = await call(app, "GET", "/api/clients", { headers: bearer(token) });
    expect(clients.status).toBe(200);
    const row = await newestRow(admin, officer.email, "clients.read");
    expect(row?.detail).toMatchObject({ apiToken: "CRM sync", apiTokenId: apiToken.id });
    const created = await newestRow(admin, officer.email, "api_token.create");
    expect(created?.detail).toMatchObject({ tokenId: apiToken.id, name: "CRM sync", scopes: "clients:read" });
  });

  it("names the token in the row a route writes, and writes an api_token.used row when it writes none (a refusal)", async () => {
    const { token, apiToken } = await newToken(officer.cookie, ["lookups"]);
    const body = { requests: [{ street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" }] };
    expect((await call(app, "POST", "/api/address/normalize", { headers: bearer(token), body })).status).toBe(200);
    expect((await newestRow(admin, officer.email, "lookup.batch"))?.detail).toMatchObject({
      apiTokenId: apiToken.id,
      apiToken: apiToken.name,
    });
    const address = houses(640, 1)[0]!;
    expect(
      (await call(app, "POST", "/api/address/suggest", { headers: bearer(token), body: { address } })).status,
    ).toBe(200);
    expect((await newestRow(admin, officer.email, "lookup.address"))?.detail).toMatchObject({
      apiTokenId: apiToken.id,
      apiToken: apiToken.name,
    });
    expect((await call(app, "GET", "/api/clients", { headers: bearer(token) })).status).toBe(403);
    const refused = await newestRow(admin, officer.email, "api_token.used");
    expect(refused).toMatchObject({
      outcome: "refused",
      detail: { apiTokenId: apiToken.id, method: "GET", path: "/api/clients", status: 403 },
    });
  });

  it("never shows the token again: the list has its prefix and last use, not the token", async () => {
    const { token, apiToken } = await newToken(officer.cookie, ["clients:read"]);
    const before = await call(app, "GET", "/api/account/tokens", { cookie: officer.cookie });
    expect(before.body.tokens.find((t: { id: number }) => t.id === apiToken.id)).toMatchObject({
      lastUsedAt: null,
      status: "active",
    });
    expect((await call(app, "GET", "/api/clients", { headers: bearer(token) })).status).toBe(200);
    const list = await call(app, "GET", "/api/account/tokens", { cookie: officer.cookie });
    const listed = list.body.tokens.find((t: { id: number }) => t.id === apiToken.id);
    expect(listed.prefix).toBe(token.slice(0, 10));
    expect(listed.lastUsedAt).not.toBeNull();
    const organization = await call(app, "GET", "/api/admin/tokens", { cookie: admin });
    expect(organization.body.tokens.find((t: { id: number }) => t.id === apiToken.id).owner.email).toBe(officer.email);
    for (const answer of [list, organization]) expect(JSON.stringify(answer.body)).not.toContain(token);
  });

  it("is refused without the route's scope (403 token_scope), and on routes that take no token (403 token_not_allowed)", async () => {
    const { token } = await newToken(officer.cookie, ["clients:read"]);
    const write = await call(app, "POST", "/api/clients", {
      headers: bearer(token),
      body: { name: "Ada Byron", address: houses(641, 1)[0] },
    });
    expect([write.status, write.body.error.code]).toEqual([403, "token_scope"]);
    const lookup = await call(app, "POST", "/api/avm", {
      headers: bearer(token),
      body: { address: houses(641, 1)[0] },
    });
    expect([lookup.status, lookup.body.error.code]).toEqual([403, "token_scope"]);
    for (const [method, path, body] of [
      ["GET", "/api/account/tokens"],
      ["POST", "/api/account/tokens", { name: "more", scopes: ["clients:read"], expiresInDays: 30 }],
      ["GET", "/api/admin/tokens"],
      ["GET", "/api/admin/settings"],
      ["POST", "/api/admin/users", { email: `x-${unique()}@example.com`, password: "officer-password", role: "admin" }],
      ["GET", "/api/account/security"],
    ] as const) {
      const answer = await call(app, method, path, { headers: bearer(token), body });
      expect([path, answer.status, answer.body.error?.code]).toEqual([path, 403, "token_not_allowed"]);
    }
    // Nor does a token open a page (pages read the session cookie only).
    const page = await fetch(`${app.url}/clients`, { headers: bearer(token), redirect: "manual" });
    expect(page.status).toBe(307);
  });

  it("stops working once revoked (401 invalid_token); an officer cannot revoke someone else's", async () => {
    const { token, apiToken } = await newToken(officer.cookie, ["clients:read"]);
    const other = await newOfficer(admin);
    expect((await call(app, "DELETE", `/api/account/tokens/${apiToken.id}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    expect((await call(app, "GET", "/api/clients", { headers: bearer(token) })).status).toBe(200);
    expect((await call(app, "DELETE", `/api/account/tokens/${apiToken.id}`, { cookie: officer.cookie })).status).toBe(
      204,
    );
    const refused = await call(app, "GET", "/api/clients", { headers: bearer(token) });
    expect([refused.status, refused.body.error.code]).toEqual([401, "invalid_token"]);
    expect(refused.headers.get("www-authenticate")).toContain("invalid_token");
    const revoked = await newestRow(admin, officer.email, "api_token.revoke");
    expect(revoked?.detail).toMatchObject({ tokenId: apiToken.id });
    // An admin revokes anyone's, from the organization's list.
    const second = await newToken(officer.cookie, ["clients:read"]);
    expect((await call(app, "DELETE", `/api/admin/tokens/${second.apiToken.id}`, { cookie: admin })).status).toBe(204);
    expect((await call(app, "GET", "/api/clients", { headers: bearer(second.token) })).status).toBe(401);
  });

  it("dies with the incident response: signing out everywhere (the owner or an admin) and an admin's reset of the factors revoke it (review)", async () => {
    const victim = await newOfficer(admin);
    const works = async (token: string) => (await call(app, "GET", "/api/clients", { headers: bearer(token) })).status;
    const byAdmin = await newToken(victim.cookie, ["clients:read"]);
    expect(await works(byAdmin.token)).toBe(200);
    expect((await call(app, "DELETE", `/api/admin/users/${victim.id}/sessions`, { cookie: admin })).status).toBe(200);
    expect(await works(byAdmin.token)).toBe(401);

    let cookie = await signIn(app, victim.email, "officer-password");
    const byOwner = await newToken(cookie, ["clients:read"]);
    expect((await call(app, "DELETE", "/api/account/sessions", { cookie })).status).toBe(200);
    expect(await works(byOwner.token)).toBe(401);

    cookie = await signIn(app, victim.email, "officer-password");
    const beforeReset = await newToken(cookie, ["clients:read"]);
    expect((await call(app, "DELETE", `/api/admin/users/${victim.id}/factors`, { cookie: admin })).status).toBe(204);
    expect(await works(beforeReset.token)).toBe(401);
    const listed = await call(app, "GET", "/api/admin/tokens", { cookie: admin });
    const mine = listed.body.tokens.filter((t: { owner: { email: string } }) => t.owner.email === victim.email);
    expect(mine.map((t: { status: string }) => t.status)).toEqual(["revoked", "revoked", "revoked"]);
  });

  it("dies with its owner's staff role: demoted or deleted, the token is 401", async () => {
    const demoted = await newOfficer(admin);
    const deleted = await newOfficer(admin);
    const first = await newToken(demoted.cookie, ["clients:read"]);
    const second = await newToken(deleted.cookie, ["clients:read"]);
    expect((await call(app, "GET", "/api/clients", { headers: bearer(first.token) })).status).toBe(200);
    expect(
      (await call(app, "PATCH", `/api/admin/users/${demoted.id}`, { cookie: admin, body: { role: "homeowner" } }))
        .status,
    ).toBe(200);
    expect((await call(app, "GET", "/api/clients", { headers: bearer(first.token) })).status).toBe(401);
    expect((await call(app, "DELETE", `/api/admin/users/${deleted.id}`, { cookie: admin })).status).toBe(204);
    expect((await call(app, "GET", "/api/clients", { headers: bearer(second.token) })).status).toBe(401);
  });

  it.skipIf(!databaseUrl)("is refused once expired (401 invalid_token)", async () => {
    const { token, apiToken } = await newToken(officer.cookie, ["clients:read"]);
    expect((await call(app, "GET", "/api/clients", { headers: bearer(token) })).status).toBe(200);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await sql`update app.api_tokens set expires_at = now() - interval '1 second' where id = ${apiToken.id}`;
    await sql.end();
    const refused = await call(app, "GET", "/api/clients", { headers: bearer(token) });
    expect([refused.status, refused.body.error.code]).toEqual([401, "invalid_token"]);
  });

  it("is for staff only: a homeowner cannot make one (403)", async () => {
    const homeowner = await invitedHomeowner(app, admin, houses(642, 1)[0]!);
    const made = await call(app, "POST", "/api/account/tokens", {
      cookie: homeowner,
      body: { name: "mine", scopes: ["lookups"], expiresInDays: 30 },
    });
    expect(made.status).toBe(403);
    expect((await call(app, "GET", "/api/account/tokens", { cookie: homeowner })).status).toBe(403);
  });

  it("answers 400 naming the field for a bad name, scopes or expiry", async () => {
    const cases: [unknown, string][] = [
      [{ name: "", scopes: ["lookups"], expiresInDays: 30 }, "name"],
      [{ name: "x".repeat(81), scopes: ["lookups"], expiresInDays: 30 }, "name"],
      [{ scopes: ["lookups"], expiresInDays: 30 }, "name"],
      [{ name: "crm", scopes: [], expiresInDays: 30 }, "scopes"],
      [{ name: "crm", scopes: ["lookups", "lookups"], expiresInDays: 30 }, "scopes"],
      [{ name: "crm", scopes: ["admin"], expiresInDays: 30 }, "scopes.0"],
      [{ name: "crm", scopes: ["lookups"], expiresInDays: 0 }, "expiresInDays"],
      [{ name: "crm", scopes: ["lookups"], expiresInDays: 366 }, "expiresInDays"],
      [{ name: "crm", scopes: ["lookups"], expiresInDays: "30" }, "expiresInDays"],
      [{ name: "crm", scopes: ["lookups"], expiresInDays: 1.5 }, "expiresInDays"],
    ];
    for (const [body, field] of cases) {
      const answer = await call(app, "POST", "/api/account/tokens", { cookie: officer.cookie, body });
      expect([JSON.stringify(body).slice(0, 60), answer.status, Object.keys(answer.body.error.fields ?? {})]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        [field],
      ]);
    }
    expect(
      (await call(app, "DELETE", "/api/account/tokens/abc", { cookie: officer.cookie })).body.error.fields,
    ).toHaveProperty("tokenId");
  });

  it("keeps the metrics scraper's bearer secret apart: an API token is not it", async () => {
    const { token } = await newToken(officer.cookie, ["clients:read"]);
    // This app has no METRICS_TOKEN: the route is off (404) whatever is sent, and a token changes nothing.
    expect((await fetch(`${app.url}/api/metrics`, { headers: bearer(token) })).status).toBe(404);
  });
});

describe("the API reference (/api/docs)", () => {
  it("answers HTML under its own policy, and the script it loads is served from this origin", async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const csp = page.headers.get("content-security-policy") ?? "";
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive("script-src")).toBe("script-src 'self'");
    expect(directive("connect-src")).toBe("connect-src 'self'");
    expect(directive("default-src")).toBe("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('data-url="/api/openapi.json"');
    const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toEqual(["/api/docs/scalar.js"]);
    const script = await fetch(`${app.url}${sources[0]}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    const text = await script.text();
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text).toContain("api-reference");
    // No inline script may run under the policy: the page has none.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)(?![^>]*id="api-reference")[^>]*>/);
  });

  it("documents the bearer scheme and each token-capable operation's scope", async () => {
    const document = (await call(app, "GET", "/api/openapi.json")).body;
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/clients"].get.security).toEqual([{ session: [] }, { apiToken: ["clients:read"] }]);
    expect(document.paths["/api/clients"].post.security).toEqual([{ session: [] }, { apiToken: ["clients:write"] }]);
    expect(document.paths["/api/avm"].post.security).toContainEqual({ apiToken: ["lookups"] });
    expect(document.paths["/api/account/tokens"].post.security).toEqual([{ session: [] }]);
  });
});
