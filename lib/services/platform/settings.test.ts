import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { auditEvents } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { opportunitiesFor } from "@/lib/portfolio/opportunities";
import { auditSettled } from "@/lib/services/audit/log";
import { thresholds } from "@/lib/services/portfolio/portfolio";
import { orgSettings, setOrgSettings } from "./settings";

describe("the organization's settings", () => {
  let handle: DatabaseHandle;
  let query: ReturnType<typeof vi.spyOn>;
  const settingsRead = () =>
    query.mock.calls.filter((call: unknown[]) => /^select .*"settings"/s.test(String(call[0]))).length;
  const changes = async () => {
    await auditSettled();
    return (await handle.db.select().from(auditEvents).orderBy(auditEvents.id))
      .filter((row) => row.action === "settings.change")
      .map((row) => row.detail);
  };
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
    query = vi.spyOn(handle.pglite!, "query");
  });
  afterAll(async () => {
    await auditSettled();
    (globalThis as { appDatabase?: unknown }).appDatabase = undefined;
    await handle.close();
  });

  it("are the environment's until an admin sets them, all four read from the database once", async () => {
    expect(await thresholds()).toMatchObject({
      maxLtv: env.ORG_MAX_LTV,
      currentRate: env.ORG_CURRENT_RATE,
      helocMin: env.OPPORTUNITY_HELOC_MIN,
      cashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
    });
    await orgSettings();
    expect(settingsRead()).toBe(1);
  });

  it("find a rate-and-term refinance by the current rate an admin set, at the next computation", async () => {
    const client = { value: 400_000, balance: 380_000, previousValue: null, loanType: "conventional", noteRate: 6.5 };
    const kinds = async () => opportunitiesFor(client, await thresholds()).map((o) => o.kind);
    expect(await kinds()).not.toContain("rate_refinance");
    await setOrgSettings({ orgCurrentRate: 5.7 });
    expect(await kinds()).toContain("rate_refinance");
    expect(await orgSettings()).toEqual({
      orgMaxLtv: env.ORG_MAX_LTV,
      orgCurrentRate: 5.7,
      opportunityHelocMin: env.OPPORTUNITY_HELOC_MIN,
      opportunityCashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
    });
  });

  it("log each change with the value it replaced, and nothing for a value saved unchanged", async () => {
    await setOrgSettings({
      opportunityHelocMin: 30_000,
      opportunityCashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
      orgCurrentRate: 5.7,
    });
    expect(await changes()).toEqual([
      { setting: "org_current_rate", from: env.ORG_CURRENT_RATE, value: 5.7 },
      { setting: "opportunity_heloc_min", from: env.OPPORTUNITY_HELOC_MIN, value: 30_000 },
    ]);
    expect((await thresholds()).helocMin).toBe(30_000);
  });

  it("read back from the database, once the cache runs out, without a real column's noise", async () => {
    await setOrgSettings({ orgMaxLtv: 0.7 });
    await handle.db.execute("update app.settings set number_value = 6.8000005 where key = 'org_current_rate'");
    await handle.db.execute("update app.settings set number_value = 0.70000005 where key = 'org_max_ltv'");
    query.mockClear();
    vi.useFakeTimers({ now: Date.now() + 301_000, toFake: ["Date"] });
    try {
      expect(await orgSettings()).toEqual({
        orgMaxLtv: 0.7,
        orgCurrentRate: 6.8,
        opportunityHelocMin: 30_000,
        opportunityCashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
      });
      expect(settingsRead()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
