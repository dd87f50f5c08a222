import { describe, expect, it } from "vitest";
import {
  availableAt,
  cashOut,
  engagement,
  DEFAULT_THRESHOLDS as T,
  homeEquityLine,
  ltvOf,
  mortgageInsurance,
  opportunitiesFor,
  rateRefinance,
  tagLabel,
  valueMoved,
  type ClientFigures,
} from "./opportunities";

const home = (over: Partial<ClientFigures> = {}): ClientFigures => ({
  value: 500_000,
  previousValue: null,
  balance: 300_000,
  loanType: null,
  noteRate: null,
  ...over,
});

describe("mortgage insurance", () => {
  it("follows the loan's kind (the table is in mortgage-insurance.test.ts): the tag names the rule", () => {
    const conventional = home({ balance: 10_000, loanType: "conventional", mortgageInsurance: false });
    expect(mortgageInsurance(conventional)).toBeNull();
    const fha = mortgageInsurance(
      home({
        balance: 300_000,
        loanType: "fha",
        closingDate: "2016-08-01",
        originalLoanAmount: 386_000,
        originalValue: 400_000,
      }),
    );
    expect(fha?.figures.rule).toBe("fha_refinance");
    expect(tagLabel("mortgage_insurance", fha!.figures)).toBe("FHA premium: refinance to drop it");
    expect(tagLabel("cash_out", {})).toBe("Cash-out refinance");
  });
});

describe("home equity line", () => {
  it("needs combined LTV under the maximum and at least the minimum available", () => {
    // 500,000 × 0.8 − 375,000 = 25,000: exactly the minimum.
    expect(homeEquityLine(home({ balance: 375_000 }), T)?.figures.available).toBe(25_000);
    expect(homeEquityLine(home({ balance: 375_001 }), T)).toBeNull();
    expect(homeEquityLine(home({ balance: 400_000 }), T)).toBeNull();
  });

  it("follows the organization's maximum LTV", () => {
    expect(homeEquityLine(home({ balance: 390_000 }), T)).toBeNull();
    expect(homeEquityLine(home({ balance: 390_000 }), { ...T, maxLtv: 0.9 })?.figures.available).toBe(60_000);
  });
});

describe("cash-out", () => {
  it("applies from the configured amount available at the maximum LTV", () => {
    expect(cashOut(home({ balance: 350_000 }), T)?.figures.available).toBe(50_000);
    expect(cashOut(home({ balance: 350_001 }), T)).toBeNull();
    expect(cashOut(home({ balance: 350_001 }), { ...T, cashOutMin: 40_000 })).not.toBeNull();
  });
});

describe("value moved", () => {
  it("applies at a 5% move either way since the last refresh, not on the first", () => {
    expect(valueMoved(home({ value: 525_000, previousValue: 500_000 }), T)?.reason).toMatch(/up 5\.0%/);
    expect(valueMoved(home({ value: 475_000, previousValue: 500_000 }), T)?.reason).toMatch(/down 5\.0%/);
    expect(valueMoved(home({ value: 524_999, previousValue: 500_000 }), T)).toBeNull();
    expect(valueMoved(home({ value: 600_000 }), T)).toBeNull();
  });
});

describe("rate-and-term refinance", () => {
  it("applies when the known rate is 0.75 point or more above the current rate, with a loan", () => {
    expect(rateRefinance(home({ noteRate: 7 }), T)?.figures.margin).toBe(0.75);
    expect(rateRefinance(home({ noteRate: 6.99 }), T)).toBeNull();
    expect(rateRefinance(home({ noteRate: null }), T)).toBeNull();
    expect(rateRefinance(home({ noteRate: 8, balance: 0 }), T)).toBeNull();
  });
});

describe("all rules", () => {
  it("find every opportunity of one refresh, each with a reason and figures", () => {
    const found = opportunitiesFor(
      home({ value: 600_000, previousValue: 500_000, balance: 200_000, noteRate: 7.5 }),
      T,
    );
    expect(found.map((o) => o.kind)).toEqual([
      "mortgage_insurance",
      "home_equity_line",
      "cash_out",
      "value_moved",
      "rate_refinance",
    ]);
    for (const o of found) expect(o.reason.length).toBeGreaterThan(20);
    expect(opportunitiesFor(home({ balance: 450_000 }), T)).toEqual([]);
  });

  it("compute LTV and available equity", () => {
    expect(ltvOf({ value: 0, balance: 10 })).toBe(0);
    expect(availableAt({ value: 100_000, balance: 90_000 }, 0.8)).toBe(0);
  });
});

describe("engaged homeowner", () => {
  const none = { visitDays: 0, reportDownloads: 0, borrowingUses: 0 };
  it("needs dashboard visits on three days of the week, or a report downloaded, or the borrowing scenarios tried", () => {
    expect(engagement(none)).toBeNull();
    expect(engagement({ ...none, visitDays: 2 })).toBeNull();
    expect(engagement({ ...none, visitDays: 3 })?.reason).toBe(
      "The client opened their dashboard on 3 days this week: they may be thinking about borrowing, a good moment to call.",
    );
    expect(engagement({ ...none, reportDownloads: 1 })?.kind).toBe("engagement");
    expect(engagement({ ...none, borrowingUses: 1 })?.figures).toMatchObject({ borrowingUses: 1, days: 7 });
  });

  it("names every sign it saw", () => {
    expect(engagement({ visitDays: 4, reportDownloads: 2, borrowingUses: 1 })?.reason).toBe(
      "The client opened their dashboard on 4 days this week, downloaded their property report 2 times and tried the borrowing scenarios: they may be thinking about borrowing, a good moment to call.",
    );
  });
});
