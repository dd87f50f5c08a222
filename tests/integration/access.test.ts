import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, people, type People } from "./client";

type Who = "signedOut" | "owner" | "otherOwner" | "officer";

interface Row {
  route: string;
  method: "GET" | "POST";
  path: (p: People) => string;
  body?: (p: People) => unknown;
  expect: Record<Who, number>;
}

const q = encodeURIComponent;

/** Each route × each kind of caller, asking about the first homeowner's house. */
const MATRIX: Row[] = [
  {
    route: "normalize",
    method: "POST",
    path: () => "/api/address/normalize",
    body: () => ({ requests: [{ street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" }] }),
    expect: { signedOut: 401, owner: 403, otherOwner: 403, officer: 200 },
  },
  {
    route: "verify",
    method: "POST",
    path: () => "/api/homeowner/verify",
    body: (p) => ({ firstName: "Test", lastName: "Owner", address: p.ownerAddress }),
    expect: { signedOut: 401, owner: 403, otherOwner: 403, officer: 200 },
  },
  {
    route: "avm",
    method: "POST",
    path: () => "/api/avm",
    body: (p) => ({ address: p.ownerAddress }),
    expect: { signedOut: 401, owner: 200, otherOwner: 403, officer: 200 },
  },
  {
    route: "equity",
    method: "POST",
    path: () => "/api/home-equity-summary",
    body: (p) => ({ address: p.ownerAddress }),
    expect: { signedOut: 401, owner: 200, otherOwner: 403, officer: 200 },
  },
  {
    route: "summary",
    method: "GET",
    path: (p) => `/api/property/summary?address=${q(p.ownerAddress)}`,
    expect: { signedOut: 401, owner: 200, otherOwner: 403, officer: 200 },
  },
  {
    route: "report",
    method: "GET",
    path: (p) => `/api/property/report?address=${q(p.ownerAddress)}&applicant_name=Test%20Owner&format=json`,
    expect: { signedOut: 401, owner: 200, otherOwner: 403, officer: 200 },
  },
  {
    route: "owners",
    method: "POST",
    path: () => "/api/owners",
    body: (p) => ({ firstName: "Test", lastName: "Owner", address: p.ownerAddress }),
    // The owner's own home again changes nothing; another homeowner adding it must be named on the deed.
    expect: { signedOut: 401, owner: 200, otherOwner: 422, officer: 403 },
  },
  {
    route: "owner-data",
    method: "GET",
    path: () => "/api/owner-data",
    expect: { signedOut: 401, owner: 200, otherOwner: 200, officer: 403 },
  },
  {
    route: "admin usage",
    method: "GET",
    path: () => "/api/admin/usage",
    expect: { signedOut: 401, owner: 403, otherOwner: 403, officer: 403 },
  },
];

describe.each(["embedded", "http"] as const)("who may call what (%s service)", (name) => {
  const app = inject("apps")[name];
  let p: People;
  beforeAll(async () => {
    const [mine, theirs] = houses(name === "embedded" ? 0 : 10, 2) as [string, string];
    p = await people(app, [mine, theirs]);
  });

  for (const row of MATRIX) {
    it(`${row.route}: signed out, homeowner, another homeowner, loan officer`, async () => {
      const statuses: Record<string, number> = {};
      for (const who of ["signedOut", "owner", "otherOwner", "officer"] as const) {
        const cookie = who === "signedOut" ? undefined : p[who];
        const reply = await call(app, row.method, row.path(p), { cookie, body: row.body?.(p) });
        statuses[who] = reply.status;
        if (reply.status >= 400) expect(reply.body.error.message).toBeTruthy();
      }
      expect(statuses).toEqual(row.expect);
    });
  }

  it("answers with the app's own DTOs, not the upstream JSON", async () => {
    const equity = await call(app, "POST", "/api/home-equity-summary", {
      cookie: p.owner,
      body: { address: p.ownerAddress },
    });
    expect(equity.body).toMatchObject({ estimate: expect.any(Number), totalEquity: expect.any(Number), maxLtv: 0.8 });
    expect(JSON.stringify(equity.body)).not.toContain("Home Value Summary");
    const data = await call(app, "GET", "/api/owner-data", { cookie: p.owner });
    expect(data.body.properties[0].facts.address).toContain(p.ownerAddress.split(",")[0]);
  });

  it("streams the report with a download name", async () => {
    const reply = await call(
      app,
      "GET",
      `/api/property/report?address=${q(p.ownerAddress)}&applicant_name=Test%20Owner`,
      { cookie: p.officer },
    );
    expect(reply.headers.get("content-type")).toBe("application/pdf");
    expect(reply.headers.get("content-disposition")).toMatch(
      /^attachment; filename="property-report-[a-z0-9-]+\.pdf"$/,
    );
    expect(new TextDecoder().decode(new Uint8Array(reply.body as ArrayBuffer).slice(0, 5))).toBe("%PDF-");
  });

  it("changes nothing proved, whatever is sent again: its own home again is nothing to do, another needs the deed", async () => {
    const first = await call(app, "GET", "/api/owner-data", { cookie: p.owner });
    const own = await call(app, "POST", "/api/owners", {
      cookie: p.owner,
      body: { firstName: "Someone", lastName: "Else", address: p.ownerAddress },
    });
    expect(own.body).toEqual({ verified: true, created: false });
    const other = await call(app, "POST", "/api/owners", {
      cookie: p.owner,
      body: { firstName: "Someone", lastName: "Else", address: p.otherAddress },
    });
    expect(other.status).toBe(422);
    expect((await call(app, "GET", "/api/owner-data", { cookie: p.owner })).body).toEqual(first.body);
    expect(JSON.stringify(first.body)).not.toMatch(/own_/);
  });
});

describe("sign-up", () => {
  const app = inject("apps").embedded;

  it("refuses a short password at sign-up with the field named", async () => {
    const reply = await call(app, "POST", "/api/signup", {
      body: { email: `short-${Date.now()}@example.com`, password: "short" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields.password).toMatch(/at least 10 characters/);
  });
});

describe("signed-in pages, signed out", () => {
  const app = inject("apps").embedded;
  const page = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

  it("sends a visitor without a session to sign in, back to the very page asked for", async () => {
    const reply = await page("/dashboard/properties/40000021?from=mail");
    expect(reply.status).toBe(307);
    const login = new URL(reply.headers.get("location")!, app.url);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("callbackUrl")).toBe("/dashboard/properties/40000021?from=mail");
  });

  it("sends one whose session cookie is no good to sign in too (the page checks; the proxy lets cookies through)", async () => {
    for (const path of ["/dashboard", "/dashboard/properties/40000021", "/clients", "/account"]) {
      const reply = await page(path, "next-auth.session-token=not-a-session");
      expect([307, 303]).toContain(reply.status);
      expect(new URL(reply.headers.get("location")!, app.url).pathname).toBe("/login");
    }
  });
});
