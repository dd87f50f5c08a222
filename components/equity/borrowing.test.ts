import { describe, expect, it } from "vitest";
import { borrowing } from "./borrowing";

describe("borrowing", () => {
  const home = { estimate: 587_000, estimateLow: 521_000, estimateHigh: 663_000, totalLoanBalance: 538_659 };

  it("says when the loans already pass what the maximum LTV allows (LTV 91.8% at 80%)", () => {
    expect(borrowing(home, 0.8)).toEqual({ available: 0, low: 0, high: 0, limit: 469_600, overLimit: true });
  });

  it("is the estimate times the maximum LTV less the loans, with the range from the estimate's low and high", () => {
    const b = borrowing(home, 0.95);
    expect(b.overLimit).toBe(false);
    expect(b.available).toBeCloseTo(18_991, 0);
    expect(b.low).toBe(0);
    expect(b.high).toBeCloseTo(91_191, 0);
  });
});
