import { describe, expect, it } from "vitest";
import type { EquityDto } from "@/lib/services/homes/dto";
import { loanKey, yourEquity } from "./your-equity";

const equity: EquityDto = {
  estimate: 500_000,
  estimateLow: 450_000,
  estimateHigh: 550_000,
  totalLoanBalance: 430_000,
  totalEquity: 70_000,
  ltv: 0.86,
  maxLtv: 0.8,
  availableEquity: 0,
  availableEquityLow: 0,
  availableEquityHigh: 10_000,
  loans: [
    { position: "primary", balance: 380_000, id: "L-1" },
    { position: "second", balance: 50_000, id: "" },
  ],
};

describe("yourEquity", () => {
  it("is the service's equity as it is without figures", () => {
    expect(yourEquity(equity, {})).toBe(equity);
    expect(yourEquity(equity, { "not-a-loan": { paidOff: true } })).toBe(equity);
  });

  it("drops a loan the owner paid off and recomputes equity, LTV and what is available from the service's value", () => {
    const yours = yourEquity(equity, { second: { paidOff: true } });
    expect(yours).toMatchObject({
      totalLoanBalance: 380_000,
      totalEquity: 120_000,
      ltv: 0.76,
      availableEquity: 20_000,
      availableEquityHigh: 60_000,
    });
    expect(yours.availableEquityLow).toBe(0);
    expect(yours.loans).toEqual([equity.loans[0]]);
    expect(yours.estimate).toBe(500_000);
  });

  it("uses today's balance the owner entered, keyed by the loan's ID", () => {
    const yours = yourEquity(equity, { "L-1": { balance: 300_000, ratePercent: 3.1 } });
    expect(yours.totalLoanBalance).toBe(350_000);
    expect(yours.loans[0]).toEqual({ position: "primary", balance: 300_000, id: "L-1" });
    expect(yours.availableEquity).toBe(50_000);
  });

  it("keys a loan by its ID, or by its position when it has none", () => {
    expect(equity.loans.map(loanKey)).toEqual(["L-1", "second"]);
  });
});
