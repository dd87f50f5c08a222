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

  const fromEnv = {
    orgMaxLtv: env.ORG_MAX_LTV,
    orgCurrentRate: env.ORG_CURRENT_RATE,
    opportunityHelocMin: env.OPPORTUNITY_HELOC_MIN,
    opportunityCashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
    refinanceRateMargin: env.REFINANCE_RATE_MARGIN,
    refinanceBreakEvenMonths: env.REFINANCE_BREAK_EVEN_MONTHS,
    closingCostPercent: env.CLOSING_COST_PERCENT,
    closingCostFixed: env.CLOSING_COST_FIXED,
    refinanceMinBalance: env.REFINANCE_MIN_BALANCE,
    refinanceMinMonths: env.REFINANCE_MIN_MONTHS,
  };

  it("are the environment's until an admin sets them, the settings and the offers each read from the database once", async () => {
    expect(await thresholds()).toMatchObject({
      maxLtv: env.ORG_MAX_LTV,
      currentRate: env.ORG_CURRENT_RATE,
      helocMin: env.OPPORTUNITY_HELOC_MIN,
      cashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
      rateMargin: env.REFINANCE_RATE_MARGIN,
      breakEvenMonths: env.REFINANCE_BREAK_EVEN_MONTHS,
      closingCostPercent: env.CLOSING_COST_PERCENT,
      closingCostFixed: env.CLOSING_COST_FIXED,
      minBalance: env.REFINANCE_MIN_BALANCE,
      minMonthsLeft: env.REFINANCE_MIN_MONTHS,
      // The organization's offers, at their defaults.
      helocRate: 8.5,
      cashOutRate: 6.75,
    });
    await orgSettings();
    await thresholds();
    expect(settingsRead()).toBe(2);
  });

  it("find a rate-and-term refinance by the current rate and break-even an admin set, at the next computation", async () => {
    // $380,000 at 6.5%, a 30-year term (none on file): at 5.7% the payment falls $196 a month, which takes 54 months
    // to repay $10,600 of closing costs; at 5% it falls $362, 29 months; a 60-month break-even takes the first too.
    const client = { value: 400_000, balance: 380_000, previousValue: null, loanType: "conventional", noteRate: 6.5 };
    const kinds = async () => opportunitiesFor(client, await thresholds()).map((o) => o.kind);
    expect(await kinds()).not.toContain("rate_refinance");
    await setOrgSettings({ orgCurrentRate: 5.7 });
    expect(await kinds()).not.toContain("rate_refinance");
    await setOrgSettings({ refinanceBreakEvenMonths: 60 });
    expect(await kinds()).toContain("rate_refinance");
    await setOrgSettings({ refinanceBreakEvenMonths: 36, orgCurrentRate: 5 });
    expect(await kinds()).toContain("rate_refinance");
    await setOrgSettings({ orgCurrentRate: 5.7 });
    expect(await orgSettings()).toEqual({ ...fromEnv, orgCurrentRate: 5.7 });
  });

  it("log each change with the value it replaced, and nothing for a value saved unchanged", async () => {
    const before = (await changes()).length;
    await setOrgSettings({
      opportunityHelocMin: 30_000,
      opportunityCashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
      orgCurrentRate: 5.7,
      closingCostFixed: 2_500,
    });
    expect((await changes()).slice(before)).toEqual([
      { setting: "opportunity_heloc_min", from: env.OPPORTUNITY_HELOC_MIN, value: 30_000 },
      { setting: "closing_cost_fixed", from: env.CLOSING_COST_FIXED, value: 2_500 },
    ]);
    expect(await thresholds()).toMatchObject({ helocMin: 30_000, closingCostFixed: 2_500 });
  });

  it("read back from the database, once the cache runs out, without a real column's noise", async () => {
    await setOrgSettings({ orgMaxLtv: 0.7 });
    await handle.db.execute("update app.settings set number_value = 6.8000005 where key = 'org_current_rate'");
    await handle.db.execute("update app.settings set number_value = 0.70000005 where key = 'org_max_ltv'");
    query.mockClear();
    vi.useFakeTimers({ now: Date.now() + 301_000, toFake: ["Date"] });
    try {
      expect(await orgSettings()).toEqual({
        ...fromEnv,
        orgMaxLtv: 0.7,
        orgCurrentRate: 6.8,
        opportunityHelocMin: 30_000,
        closingCostFixed: 2_500,
      });
      expect(settingsRead()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
