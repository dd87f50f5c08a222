import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, serviceUsage, signIn } from "./client";

/** JSON values of every shape, and strings that are not addresses (so every body below is invalid). */
const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
// Strings without digits: no house number, so never an address, however the letters fall.
const notAnAddress = fc.oneof(
  fc.string({ maxLength: 12 }).filter((s) => !/\d/.test(s)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const ROUTES: { path: string; body: fc.Arbitrary<unknown> }[] = [
  { path: "/api/avm", body: fc.record({ address: notAnAddress }, { requiredKeys: [] }) },
  { path: "/api/home-equity-summary", body: fc.record({ address: notAnAddress, maxLTV: junk }, { requiredKeys: [] }) },
  {
    path: "/api/homeowner/verify",
    body: fc.record({ firstName: junk, lastName: junk, address: notAnAddress }, { requiredKeys: [] }),
  },
  {
    path: "/api/address/normalize",
    body: fc.oneof(
      fc.record({
        requests: fc.array(fc.record({ street: junk, city: junk }, { requiredKeys: [] }), { maxLength: 3 }),
      }),
      junk,
    ),
  },
  { path: "/api/address/suggest", body: fc.record({ address: notAnAddress }, { requiredKeys: [] }) },
  {
    path: "/api/owners",
    body: fc.record({ firstName: junk, lastName: junk, address: notAnAddress }, { requiredKeys: [] }),
  },
  { path: "/api/admin/users", body: fc.record({ email: junk, password: junk, role: junk }, { requiredKeys: [] }) },
  {
    path: "/api/admin/sites",
    body: fc.record({ name: junk, allowedOrigins: junk, dailyBudget: junk }, { requiredKeys: [] }),
  },
];

describe("hostile input to every route", () => {
  const apps = inject("apps");
  const app = apps.embedded;
  let admin: string;
  let homeowner: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
  });

  it.each(ROUTES)(
    "$path: never a 500, every refusal a 400 naming a field, and no upstream call",
    async ({ path, body }) => {
      const cookie = path === "/api/owners" ? homeowner : admin;
      const before = await serviceUsage(app, apps.sandbox, admin);
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const reply = await call(app, "POST", path, { cookie, body: JSON.stringify(value) ?? "null" });
          expect(reply.status).not.toBe(500);
          expect(reply.status).toBe(400);
          expect(Object.keys(reply.body.error.fields ?? {}).length).toBeGreaterThan(0);
        }),
        { numRuns: 150 },
      );
      expect(await serviceUsage(app, apps.sandbox, admin)).toEqual(before);
    },
  );

  it("query strings of any kind: never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("address", "applicant_name", "format", "x"), fc.string({ maxLength: 30 })),
        async (query) => {
          for (const path of ["/api/property/summary", "/api/property/report"]) {
            const reply = await call(app, "GET", `${path}?${new URLSearchParams(query)}`, { cookie: admin });
            expect(reply.status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("never reflects input into HTML unescaped", async () => {
    await fetch(`${app.url}/embed/demo`);
    const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const cases: Record<string, string>[] = [
      { key: "site_demo", address: evil },
      { key: evil },
      { key: "site_demo", accent: evil },
    ];
    for (const params of cases) {
      const html = await (await fetch(`${app.url}/embed/valuation?${new URLSearchParams(params)}`)).text();
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<img src=x");
    }
  });
});
