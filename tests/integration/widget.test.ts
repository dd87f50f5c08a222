import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, rawCall, signIn } from "./client";

describe("the widget's API", () => {
  const app = inject("apps").embedded;
  const origin = "https://widget-it.example";
  let key: string;
  beforeAll(async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const site = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "integration", allowedOrigins: [origin], dailyBudget: 1000 },
    });
    expect(site.status).toBe(201);
    key = site.body.siteKey;
  });
  // A visitor is a socket address (the app trusts no proxy here): each test asks from its own address on loopback.
  const ask = (address: string, from = origin, ip = "127.0.0.9") =>
    rawCall(app, "POST", "/api/widget/valuation", { body: { key, address }, headers: { Origin: from }, from: ip });

  it("answers an allowed origin with CORS for exactly that origin", async () => {
    const [address] = houses(500, 1);
    const reply = await ask(address!, origin, "127.0.0.11");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("access-control-allow-origin")).toBe(origin);
    expect(reply.body).toMatchObject({ value: expect.any(Number), low: expect.any(Number), high: expect.any(Number) });
  });

  it("gives a listed origin its failures with CORS too, so its page can read them", async () => {
    const invalid = await rawCall(app, "POST", "/api/widget/valuation", {
      body: { key, address: "" },
      headers: { Origin: origin },
      from: "127.0.0.12",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("access-control-allow-origin")).toBe(origin);
    const unreadable = await rawCall(app, "POST", `/api/widget/valuation?key=${key}`, {
      body: "not json",
      headers: { Origin: origin },
      from: "127.0.0.12",
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.headers.get("access-control-allow-origin")).toBe(origin);
    const elsewhere = await rawCall(app, "POST", "/api/widget/valuation", {
      body: { key, address: "" },
      headers: { Origin: "https://elsewhere.example" },
      from: "127.0.0.12",
    });
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses another origin, a missing origin and an unknown key", async () => {
    const [address] = houses(501, 1);
    expect((await ask(address!, "https://elsewhere.example")).status).toBe(403);
    expect((await call(app, "POST", "/api/widget/valuation", { body: { key, address } })).status).toBe(403);
    expect(
      (
        await call(app, "POST", "/api/widget/valuation", {
          body: { key: "site_unknown", address },
          headers: { Origin: origin },
        })
      ).status,
    ).toBe(403);
  });

  it("limits one visitor to 20 paid lookups a minute: 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (const address of houses(510, 22)) statuses.push((await ask(address, origin, "127.0.0.77")).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.at(-1)).toBe(429);
    // Another visitor is not held back.
    expect((await ask(houses(540, 1)[0]!, origin, "127.0.0.78")).status).toBe(200);
  });

  it("refuses a site registration with a bad origin or budget, naming the field", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const reply = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "x", allowedOrigins: ["https://ok.example/path"], dailyBudget: 0 },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.error.fields)).toEqual(expect.arrayContaining(["allowedOrigins.0", "dailyBudget"]));
  });
});
