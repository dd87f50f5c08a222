import { describe, expect, it } from "vitest";
import { averageRate, cashOutAvailable, cashOutLoan, helocAvailable, limitGap } from "./borrowing";

describe("helocAvailable", () => {
  it("keeps the combined LTV at the limit: value × maxLtv − loans, in whole dollars rounded down", () => {
    expect(helocAvailable(500_000, 300_000, 0.8)).toBe(100_000);
    expect(helocAvailable(587_000, 0, 0.8)).toBe(469_600);
    expect(helocAvailable(333_333, 100_000, 0.85)).toBe(183_333); // 183,333.05
  });

  it("is nothing at or over the limit", () => {
    expect(helocAvailable(500_000, 400_000, 0.8)).toBe(0);
    expect(helocAvailable(500_000, 430_000, 0.8)).toBe(0);
  });
});

describe("cashOutAvailable", () => {
  it("is the new loan at the maximum LTV less the payoff of today's loans", () => {
    expect(cashOutAvailable(500_000, 300_000, 0.8)).toBe(100_000);
    expect(cashOutAvailable(500_000, 0, 0.8)).toBe(400_000);
    expect(cashOutAvailable(500_000, 450_000, 0.8)).toBe(0);
    expect(cashOutLoan(300_000, 100_000)).toBe(400_000);
  });
});

describe("limitGap", () => {
  it("says the LTV and the value or balance that would open a line", () => {
    // 86% of the value against an 80% limit.
    expect(limitGap(500_000, 430_000, 0.8)).toEqual({
      ltv: 0.86,
      maxLtv: 0.8,
      valueNeeded: 537_500,
      balanceNeeded: 400_000,
    });
    expect(limitGap(587_000, 538_659, 0.8)).toMatchObject({ valueNeeded: 673_324, balanceNeeded: 469_600 });
  });

  it("is undefined while something is available", () => {
    expect(limitGap(500_000, 399_000, 0.8)).toBeUndefined();
  });

  it("handles exactly at the limit (nothing available) and a home valued at nothing", () => {
    expect(limitGap(500_000, 400_000, 0.8)).toMatchObject({ ltv: 0.8, valueNeeded: 500_000, balanceNeeded: 400_000 });
    expect(limitGap(0, 10_000, 0.8)).toMatchObject({ ltv: Infinity, balanceNeeded: 0 });
  });
});

describe("averageRate", () => {
  it("weights the rates the owner gave by balance, and ignores loans without one", () => {
    expect(
      averageRate([{ balance: 300_000, ratePercent: 3 }, { balance: 100_000, ratePercent: 7 }, { balance: 50_000 }]),
    ).toBe(4);
    expect(averageRate([{ balance: 300_000 }])).toBeUndefined();
    expect(averageRate([{ balance: 0, ratePercent: 5 }])).toBeUndefined();
  });
});
