import { describe, expect, it } from "vitest";
import type { Loan } from "./dataset/types";
import { amortizedBalance } from "./dataset/history";
import { avmResponse, computeEquity, equityResponse } from "./equity";

const loan = (position: Loan["position"], balance: number): Loan => ({
  id: `L${position}`,
  position,
  lender: "TEST BANK",
  type: "CONVENTIONAL",
  originalAmount: balance,
  rate: 5,
  originationDate: "2020-01-01",
  termMonths: 360,
  balance,
});

describe("equity", () => {
  it("follows the field reference's formulas", () => {
    const equity = computeEquity(
      { value: 500_000, high: 550_000, low: 450_000 },
      [loan(1, 250_000), loan(2, 50_000)],
      0.8,
    );
    expect(equity.totalLoanBalance).toBe(300_000);
    expect(equity.totalEquity).toBe(200_000);
    expect(equity.ltv).toBeCloseTo(0.6);
    expect(equity.availableEquity).toBe(100_000); // 500k × 0.8 − 300k
    expect(equity.availableEquityHigh).toBe(140_000); // 550k × 0.8 − 300k
    expect(equity.availableEquityLow).toBe(60_000);
  });

  it("never lets available equity go below zero", () => {
    const equity = computeEquity({ value: 300_000, high: 320_000, low: 280_000 }, [loan(1, 290_000)], 0.8);
    expect(equity.availableEquity).toBe(0);
    expect(equity.totalEquity).toBe(10_000);
  });

  it("writes money as strings and fills the loan slots", () => {
    const response = equityResponse(
      computeEquity({ value: 400_000, high: 420_000, low: 380_000 }, [loan(1, 100_000)], 0.9),
    );
    expect(response.availableEquity).toBe("260000.00");
    expect(response.LTV).toBe("0.2500");
    expect(response.totalLoanCount).toBe(1);
    expect(response["Current Loans"].primaryMortgage).toEqual({ exists: true, balance: "100000.00", ID: "L1" });
    expect(response["Current Loans"].secondHomeLoan).toEqual({ exists: false, balance: null, ID: null });
  });
});

describe("amortization", () => {
  it("pays a loan down on schedule", () => {
    expect(amortizedBalance(300_000, 6, 360, 0)).toBeCloseTo(300_000);
    // After 10 years of a 30-year loan at 6%, about 83.7% of the principal remains.
    expect(amortizedBalance(300_000, 6, 360, 120) / 300_000).toBeCloseTo(0.8369, 3);
    expect(amortizedBalance(300_000, 6, 360, 360)).toBe(0);
  });
});

describe("valuation answer", () => {
  it("reports the change since last month and the range width", () => {
    const current = {
      date: "2026-11-01",
      value: 510_000,
      low: 480_000,
      high: 540_000,
      fsd: 0.06,
      score: 85,
      comparables: [],
    };
    const lastMonth = { ...current, date: "2026-10-01", value: 500_000 };
    const { "Service Estimate": estimate } = avmResponse(current, lastMonth);
    expect(estimate.amount.valueRange).toBe(60_000);
    expect(estimate.AVMChange).toEqual({ avmlastmonthvalue: 500_000, avmamountchange: 10_000, avmpercentchange: 2 });
    expect(estimate.conditionRange.avmpoorhigh).toBeLessThan(estimate.amount.value);
    expect(estimate.conditionRange.avmexcellentlow).toBeGreaterThan(estimate.amount.value);
  });
});
