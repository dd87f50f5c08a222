import { describe, expect, it } from "vitest";
import type { EquityDto } from "./dto";
import { withFigures } from "./figures";

const equity: EquityDto = {
  estimate: 500_000,
  estimateLow: 450_000,
  estimateHigh: 550_000,
  totalLoanBalance: 380_000,
  totalEquity: 120_000,
  ltv: 0.76,
  maxLtv: 0.8,
  availableEquity: 20_000,
  availableEquityLow: 0,
  availableEquityHigh: 60_000,
  loans: [{ position: "primary", balance: 380_000, id: "L-1" }],
};

describe("withFigures", () => {
  it("leaves out the figures of a loan no longer on record, so that saving the rest is not refused for it", () => {
    // The owner marked a second loan paid off; since then it left the records (refinanced, or paid off for real).
    const yours = withFigures(equity, {
      condition: "good",
      loans: { "L-1": { balance: 370_000 }, "L-2": { paidOff: true } },
      updatedAt: null,
    });
    expect(yours.figures.loans).toEqual({ "L-1": { balance: 370_000 } });
    expect(yours.figures.condition).toBe("good");
    expect(yours.equity.totalLoanBalance).toBe(370_000);
  });
});
