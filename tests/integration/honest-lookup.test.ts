import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, newAccount, signIn, unique } from "./client";

// Issue 14: the address answers say what the service confirmed, and what is wrong otherwise.
describe.each(["embedded", "http"] as const)("honest address answers (%s service)", (name) => {
  const apps = inject("apps");
  const app = apps[name];
  let officer: string;
  beforeAll(async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const email = `honest-${unique()}@example.com`;
    await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    officer = await signIn(app, email, "officer-password");
  });
  const suggest = async (address: string) => {
    const reply = await call(app, "POST", "/api/address/suggest", { cookie: officer, body: { address } });
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it("normalizes a batch line without its ZIP code, as a single lookup does, with the street's own ZIP", async () => {
    const reply = await call(app, "POST", "/api/address/normalize", {
      cookie: officer,
      body: {
        requests: [
          { street: "416 W Mary St", city: "Austin", state: "TX", requestId: "1" },
          { street: "416 W Mary St", city: "Austin", state: "TX", zip: "", requestId: "2" },
        ],
      },
    });
    expect(reply.status).toBe(200);
    for (const address of reply.body.addresses)
      expect(address).toMatchObject({ ok: true, zip: "78704", deliverability: { code: "Y" } });
  });

  it("tells a home the service has from an address it could not confirm", async () => {
    expect(await suggest("2800 N 24th St, Phoenix, AZ 85008")).toMatchObject({
      ok: true,
      found: true,
      deliverability: { code: "Y" },
    });
    expect(await suggest("123 Main St, Springfield, IL 62701")).toMatchObject({
      ok: true,
      found: null,
      deliverability: { code: "N" },
      problems: ["Address not found"],
      corrections: [],
    });
    expect(await suggest("9999 N 24th St, Phoenix, AZ 85008")).toMatchObject({
      ok: true,
      found: null,
      deliverability: { code: "N" },
      problems: ["Not a valid delivery address"],
    });
    expect(await suggest("2451 E Oak St, Phoenix, AZ 85008")).toMatchObject({
      ok: true,
      found: null,
      deliverability: { code: "D", meaning: expect.stringMatching(/unit number is needed/) },
    });
  });

  it("fixes a misspelt suffix with the street's own ZIP code, and never invents one", async () => {
    expect(await suggest("2800 N 24th Stret, Phoenix AZ")).toMatchObject({
      ok: true,
      found: true,
      oneLine: "2800 N 24th St, Phoenix, AZ 85008-1114",
      corrections: ["Street spelling fixed"],
    });
    const nowhere = await suggest("123 Main St, Springfield IL");
    expect(nowhere).toMatchObject({ ok: false, error: expect.stringMatching(/no ZIP code was given/) });
  });

  it("names the city it does not know rather than a ZIP code nobody typed", async () => {
    const phx = await suggest("2605 n 24th st phx az");
    expect(phx.ok).toBe(false);
    expect(phx.error).toMatch(/"PHX"/);
    expect(phx.error).not.toMatch(/do not match a US ZIP code/);
  });

  it("keeps a homeowner's claim readable when the address was typed with a typo", async () => {
    const { cookie } = await newAccount(app);
    const claimed = await call(app, "POST", "/api/owners", {
      cookie,
      body: { firstName: "Patrick", lastName: "Lindqvist", address: "2800 N 24th Stret, Phoenix AZ" },
    });
    expect(claimed.status).toBe(201);
    const facts = await call(app, "GET", `/api/property/summary?address=${encodeURIComponent(claimed.body.address)}`, {
      cookie,
    });
    expect(facts.status).toBe(200);
  });
});
