import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, signIn } from "./client";

/** Bad bodies and queries: a 400 that names the field and says why, and no upstream call. */
const CASES: { route: string; method: "GET" | "POST"; path: string; body?: unknown; field: string }[] = [
  { route: "avm without address", method: "POST", path: "/api/avm", body: {}, field: "address" },
  { route: "avm with a number for address", method: "POST", path: "/api/avm", body: { address: 12 }, field: "address" },
  {
    route: "avm with an address that is not one",
    method: "POST",
    path: "/api/avm",
    body: { address: "hello" },
    field: "address",
  },
  {
    route: "equity with maxLTV above 1",
    method: "POST",
    path: "/api/home-equity-summary",
    body: { address: "2800 N 24th St, Phoenix, AZ 85008", maxLTV: 1.5 },
    field: "maxLTV",
  },
  {
    route: "equity with maxLTV as words",
    method: "POST",
    path: "/api/home-equity-summary",
    body: { address: "2800 N 24th St, Phoenix, AZ 85008", maxLTV: "lots" },
    field: "maxLTV",
  },
  {
    route: "verify without lastName",
    method: "POST",
    path: "/api/homeowner/verify",
    body: { firstName: "A", address: "2800 N 24th St, Phoenix, AZ 85008" },
    field: "lastName",
  },
  {
    route: "normalize with no addresses",
    method: "POST",
    path: "/api/address/normalize",
    body: { requests: [] },
    field: "requests",
  },
  {
    route: "normalize with an address missing its city",
    method: "POST",
    path: "/api/address/normalize",
    body: { requests: [{ street: "1 Main St", state: "AZ", zip: "85008" }] },
    field: "requests.0.city",
  },
  {
    route: "normalize with 101 addresses",
    method: "POST",
    path: "/api/address/normalize",
    body: {
      requests: Array.from({ length: 101 }, () => ({
        street: "1 Main St",
        city: "Phoenix",
        state: "AZ",
        zip: "85008",
      })),
    },
    field: "requests",
  },
  { route: "summary without address", method: "GET", path: "/api/property/summary", field: "address" },
  {
    route: "report with an unknown format",
    method: "GET",
    path: "/api/property/report?address=2800%20N%2024th%20St%2C%20Phoenix%2C%20AZ%2085008&applicant_name=A&format=docx",
    field: "format",
  },
  {
    route: "report without applicant",
    method: "GET",
    path: "/api/property/report?address=2800%20N%2024th%20St%2C%20Phoenix%2C%20AZ%2085008",
    field: "applicant_name",
  },
  { route: "malformed JSON", method: "POST", path: "/api/avm", body: "{address:", field: "body" },
];

describe("bad input", () => {
  const app = inject("apps").embedded;
  let officer: string;
  beforeAll(async () => {
    officer = await signIn(app, "officer@example.com", "officer-demo");
  });

  it.each(CASES)("$route → 400 naming $field", async ({ method, path, body, field }) => {
    const reply = await call(app, method, path, { cookie: officer, body });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields).toHaveProperty([field]);
    expect(reply.body.error.message.length).toBeGreaterThan(5);
  });

  it("refuses a body over the limit with 413", async () => {
    const reply = await call(app, "POST", "/api/avm", { cookie: officer, body: { address: "x".repeat(70_000) } });
    expect(reply.status).toBe(413);
  });

  it("answers 404 with the service's reason for an address it does not know", async () => {
    const reply = await call(app, "POST", "/api/avm", {
      cookie: officer,
      body: { address: "1 Nowhere Rd, Phoenix, AZ 85008" },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe("not_found");
  });
});
