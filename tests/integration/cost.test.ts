import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, meterFor, serviceUsage, signIn, unique } from "./client";

describe.each(["embedded", "http"] as const)("what calls cost (%s service)", (name) => {
  const apps = inject("apps");
  const app = apps[name];
  const offset = name === "embedded" ? 100 : 200;
  let admin: string;
  let officer: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    const email = `cost-${unique()}@example.com`;
    await call(app, "POST", "/api/admin/users", { cookie: admin, body: { email, password: "officer-password", role: "loan_officer" } });
    officer = await signIn(app, email, "officer-password");
  });
  const usage = () => serviceUsage(app, apps.sandbox, admin);

  it("answers a second identical request from the cache: neither the service's counter nor the meter's upstream calls move", async () => {
    const [address] = houses(offset, 1);
    const first = await call(app, "POST", "/api/avm", { cookie: officer, body: { address } });
    expect(first.status).toBe(200);
    const before = await usage();
    const meterBefore = await meterFor(app, admin, "valuationEstimate");
    const second = await call(app, "POST", "/api/avm", { cookie: officer, body: { address } });
    expect(second.body).toEqual(first.body);
    expect((await usage()).valuationEstimate).toBe(before.valuationEstimate);
    const meterAfter = await meterFor(app, admin, "valuationEstimate");
    expect(meterAfter.upstreamCalls).toBe(meterBefore.upstreamCalls);
    expect(meterAfter.cacheHits).toBe(meterBefore.cacheHits + 1);
  });

  it("makes exactly one upstream call for 50 identical concurrent requests", async () => {
    const [address] = houses(offset + 1, 1);
    const before = await usage();
    const replies = await Promise.all(Array.from({ length: 50 }, () => call(app, "GET", `/api/property/summary?address=${encodeURIComponent(address!)}`, { cookie: officer })));
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await usage()).propertySummary).toBe(before.propertySummary! + 1);
  });

  it("makes one call for different spellings of one address", async () => {
    const [address] = houses(offset + 2, 1);
    const [street, city, stateZip] = address!.split(", ") as [string, string, string];
    const spellings = [
      address!,
      address!.toUpperCase(),
      `${street.replace(/ St$/, " Street").replace(/ Ave$/, " Avenue").replace(/ Rd$/, " Road")}, ${city.toLowerCase()}, ${stateZip}`,
      `${street}  ${city} ${stateZip}`,
    ];
    const before = await usage();
    for (const spelling of spellings) expect((await call(app, "POST", "/api/home-equity-summary", { cookie: officer, body: { address: spelling } })).status).toBe(200);
    expect((await usage()).homeEquitySummary).toBe(before.homeEquitySummary! + 1);
  });

  it("recomputes equity at another maximum LTV without another call", async () => {
    const [address] = houses(offset + 3, 1);
    const at80 = await call(app, "POST", "/api/home-equity-summary", { cookie: officer, body: { address } });
    const before = await usage();
    const at90 = await call(app, "POST", "/api/home-equity-summary", { cookie: officer, body: { address, maxLTV: 0.9 } });
    expect((await usage()).homeEquitySummary).toBe(before.homeEquitySummary);
    expect(at90.body.maxLtv).toBe(0.9);
    expect(at90.body.availableEquity).toBeCloseTo(Math.max(0, at80.body.estimate * 0.9 - at80.body.totalLoanBalance), 2);
  });

  it("makes no upstream call for invalid input", async () => {
    const before = await usage();
    await call(app, "POST", "/api/avm", { cookie: officer, body: { address: "" } });
    await call(app, "POST", "/api/address/normalize", { cookie: officer, body: { requests: [{ street: "1 Main" }] } });
    expect(await usage()).toEqual(before);
  });

  it("normalizes a batch in one upstream call, one billable request per new address", async () => {
    const addresses = houses(offset + 10, 3).map((a) => {
      const [street, city, stateZip] = a.split(", ") as [string, string, string];
      const [state, zip] = stateZip.split(" ") as [string, string];
      return { street, city, state, zip };
    });
    const before = await usage();
    const reply = await call(app, "POST", "/api/address/normalize", { cookie: officer, body: { requests: [...addresses, addresses[0]] } });
    expect(reply.body.addresses).toHaveLength(4);
    expect(reply.body.addresses.every((a: { ok: boolean; deliverability: { code: string } }) => a.ok && a.deliverability.code === "Y")).toBe(true);
    expect((await usage()).normalizeAddresses).toBe(before.normalizeAddresses! + 3);
  });
});
