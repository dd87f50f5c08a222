import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, meterFor, serviceUsage, signIn, unique } from "./client";

describe.each(["embedded", "http"] as const)("what calls cost (%s service)", (name) => {
  const apps = inject("apps");
  const app = apps[name];
  const offset = name === "embedded" ? 100 : 200;
  let admin: string;
  let officer: string;
  const usage = () => serviceUsage(app, apps.sandbox, admin);
  const newOfficer = async () => {
    const email = `cost-${unique()}@example.com`;
    await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    return signIn(app, email, "officer-password");
  };
  const burst = async (cookie: string, address: string, size: number) =>
    (
      await Promise.all(
        Array.from({ length: size }, () =>
          call(app, "GET", `/api/property/summary?address=${encodeURIComponent(address)}`, { cookie }),
        ),
      )
    ).map((r) => r.status);
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await newOfficer();
  });

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
    expect(await burst(officer, address!, 50)).toEqual(Array(50).fill(200));
    expect((await usage()).propertySummary).toBe(before.propertySummary! + 1);
  });

  it(
    "makes exactly one upstream call for each of 20 bursts of 50 identical concurrent requests, and meters the rest as coalesced",
    { timeout: 180_000 },
    async () => {
      // A fresh officer: one round spends one request of the allowance, however many joined it.
      const cookie = await newOfficer();
      for (const [round, address] of houses(offset + 20, 20).entries()) {
        const before = await usage();
        const meterBefore = await meterFor(app, admin, "propertySummary");
        const replies = await burst(cookie, address, 50);
        expect(replies, `round ${round}`).toEqual(Array(50).fill(200));
        expect((await usage()).propertySummary, `round ${round}`).toBe(before.propertySummary! + 1);
        const meterAfter = await meterFor(app, admin, "propertySummary");
        expect(meterAfter, `round ${round}`).toEqual({
          upstreamCalls: meterBefore.upstreamCalls + 1,
          cacheHits: meterBefore.cacheHits + 49,
        });
      }
    },
  );

  // The embedded app's allowance (2,000 a minute) is out of a test's reach; the http app's is 40.
  it.runIf(name === "http")(
    "spends the allowance only for the request that reached the service: two bursts of 50 cost the officer two",
    async () => {
      expect(app.userLimitPerMinute).toBeLessThan(50);
      const cookie = await newOfficer();
      const [first, second, ...rest] = houses(offset + 40, app.userLimitPerMinute + 1) as [string, string, ...string[]];
      expect(await burst(cookie, first, 50)).toEqual(Array(50).fill(200));
      expect(await burst(cookie, second, 50)).toEqual(Array(50).fill(200));
      // Each burst spent one request: the rest of the minute's allowance is all there, and not one more.
      const statuses: number[] = [];
      for (const address of rest)
        statuses.push(
          (await call(app, "GET", `/api/property/summary?address=${encodeURIComponent(address)}`, { cookie })).status,
        );
      expect(statuses).toEqual([...Array(app.userLimitPerMinute - 2).fill(200), 429]);
    },
  );

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
    for (const spelling of spellings)
      expect(
        (await call(app, "POST", "/api/home-equity-summary", { cookie: officer, body: { address: spelling } })).status,
      ).toBe(200);
    expect((await usage()).homeEquitySummary).toBe(before.homeEquitySummary! + 1);
  });

  it("recomputes equity at another maximum LTV without another call", async () => {
    const [address] = houses(offset + 3, 1);
    const at80 = await call(app, "POST", "/api/home-equity-summary", { cookie: officer, body: { address } });
    const before = await usage();
    const at90 = await call(app, "POST", "/api/home-equity-summary", {
      cookie: officer,
      body: { address, maxLTV: 0.9 },
    });
    expect((await usage()).homeEquitySummary).toBe(before.homeEquitySummary);
    expect(at90.body.maxLtv).toBe(0.9);
    expect(at90.body.availableEquity).toBeCloseTo(
      Math.max(0, at80.body.estimate * 0.9 - at80.body.totalLoanBalance),
      2,
    );
  });

  it("makes no upstream call for invalid input", async () => {
    const before = await usage();
    // Refused for what was sent (not for some other reason that would make no call either), the field named.
    const empty = await call(app, "POST", "/api/avm", { cookie: officer, body: { address: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty("address");
    const partial = await call(app, "POST", "/api/address/normalize", {
      cookie: officer,
      body: { requests: [{ street: "1 Main" }] },
    });
    expect(partial.status).toBe(400);
    expect(Object.keys(partial.body.error.fields ?? {}).length).toBeGreaterThan(0);
    expect(await usage()).toEqual(before);
  });

  it("normalizes a batch in one upstream call, one billable request per new address", async () => {
    const addresses = houses(offset + 10, 3).map((a) => {
      const [street, city, stateZip] = a.split(", ") as [string, string, string];
      const [state, zip] = stateZip.split(" ") as [string, string];
      return { street, city, state, zip };
    });
    const before = await usage();
    const reply = await call(app, "POST", "/api/address/normalize", {
      cookie: officer,
      body: { requests: [...addresses, addresses[0]] },
    });
    expect(reply.body.addresses).toHaveLength(4);
    expect(
      reply.body.addresses.every(
        (a: { ok: boolean; deliverability: { code: string } }) => a.ok && a.deliverability.code === "Y",
      ),
    ).toBe(true);
    expect((await usage()).normalizeAddresses).toBe(before.normalizeAddresses! + 3);
  });
});
