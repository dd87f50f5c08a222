import { describe, expect, it } from "vitest";
import { fhaPremiumEnds, mortgageInsuranceFinding, yearsBetween, type LoanFacts } from "./mortgage-insurance";

const TODAY = "2026-11-27";
const loan = (over: Partial<LoanFacts>): LoanFacts => ({
  value: 500_000,
  balance: 300_000,
  loanType: "conventional",
  originalLoanAmount: null,
  originalValue: null,
  mortgageInsurance: null,
  closingDate: null,
  ...over,
});

// Each row: a loan as the officer imported it, and the rule it must read as (null: no mortgage-insurance tag).
const CASES: [string, Partial<LoanFacts>, string | null][] = [
  // Conventional without PMI.
  [
    "conventional at 2% LTV, no insurance",
    { balance: 10_000, mortgageInsurance: false, closingDate: "2012-04-01" },
    null,
  ],
  [
    "conventional, 20% down: never had PMI",
    { originalLoanAmount: 320_000, originalValue: 400_000, closingDate: "2021-03-01" },
    null,
  ],
  [
    "conventional, exactly 80% at closing: never had PMI",
    { originalLoanAmount: 400_000, originalValue: 500_000, closingDate: "2022-01-10" },
    null,
  ],
  ["conventional, insurance 'no' at 60% LTV", { balance: 300_000, mortgageInsurance: false }, null],
  // Conventional with PMI.
  [
    "PMI, balance 79.5% of the original value: ask to cancel",
    { balance: 318_000, originalLoanAmount: 380_000, originalValue: 400_000, closingDate: "2020-05-01" },
    "pmi_request",
  ],
  [
    "PMI, balance 80% of the original value exactly: ask to cancel",
    { balance: 320_000, originalLoanAmount: 380_000, originalValue: 400_000, closingDate: "2020-05-01" },
    "pmi_request",
  ],
  [
    "PMI, balance 77% of the original value: ended by law",
    { balance: 308_000, originalLoanAmount: 380_000, originalValue: 400_000, closingDate: "2020-05-01" },
    null,
  ],
  [
    "PMI, 90% of the original value but 70% of today's after 3 years: appraisal",
    {
      value: 514_286,
      balance: 360_000,
      originalLoanAmount: 380_000,
      originalValue: 400_000,
      closingDate: "2023-06-01",
    },
    "pmi_appraisal",
  ],
  [
    "PMI, 78% of today's value after 3 years: not yet (75% before five years)",
    {
      value: 461_538,
      balance: 360_000,
      originalLoanAmount: 380_000,
      originalValue: 400_000,
      closingDate: "2023-06-01",
    },
    null,
  ],
  [
    "PMI, 78% of today's value after 6 years: appraisal (80% after five)",
    {
      value: 461_538,
      balance: 360_000,
      originalLoanAmount: 380_000,
      originalValue: 400_000,
      closingDate: "2020-06-01",
    },
    "pmi_appraisal",
  ],
  [
    "PMI, closed a year ago: too soon for an appraisal",
    { value: 600_000, balance: 380_000, mortgageInsurance: true, closingDate: "2025-11-01" },
    null,
  ],
  [
    "PMI, past the midpoint (16 years): ended by law",
    { balance: 100_000, mortgageInsurance: true, closingDate: "2010-01-01" },
    null,
  ],
  [
    "PMI yes, 85% of today's value: nothing yet",
    { balance: 425_000, mortgageInsurance: true, closingDate: "2022-01-01" },
    null,
  ],
  // Conventional, nothing known.
  ["conventional, insurance unknown, 60% LTV: ask", { balance: 300_000 }, "ask"],
  ["conventional, insurance unknown, 90% LTV: nothing", { balance: 450_000 }, null],
  // FHA.
  [
    "FHA after June 2013, 3.5% down, 70% LTV: premium for life, refinance",
    {
      loanType: "fha",
      originalLoanAmount: 386_000,
      originalValue: 400_000,
      closingDate: "2016-08-01",
      balance: 350_000,
    },
    "fha_refinance",
  ],
  [
    "FHA after June 2013, 10% down, 5 years in: premium until 2032, refinance",
    {
      loanType: "fha",
      originalLoanAmount: 360_000,
      originalValue: 400_000,
      closingDate: "2021-08-01",
      balance: 320_000,
    },
    "fha_refinance",
  ],
  [
    "FHA after June 2013, 10% down, 12 years in: premium ended",
    {
      loanType: "fha",
      originalLoanAmount: 360_000,
      originalValue: 400_000,
      closingDate: "2014-02-01",
      balance: 250_000,
    },
    null,
  ],
  [
    "FHA before June 2013, 3.5% down, balance 70% of the original value: premium ended",
    {
      loanType: "fha",
      originalLoanAmount: 289_500,
      originalValue: 300_000,
      closingDate: "2010-03-01",
      balance: 210_000,
    },
    null,
  ],
  [
    "FHA before June 2013, 3.5% down, balance 85% of the original value: refinance",
    {
      loanType: "fha",
      originalLoanAmount: 289_500,
      originalValue: 300_000,
      closingDate: "2012-03-01",
      balance: 255_000,
    },
    "fha_refinance",
  ],
  [
    "FHA before 2001: premium for life",
    { loanType: "fha", closingDate: "1999-03-01", balance: 100_000 },
    "fha_refinance",
  ],
  [
    "FHA after June 2013, down payment unknown: ask",
    { loanType: "fha", closingDate: "2018-03-01", balance: 300_000 },
    "ask",
  ],
  ["FHA, closing date unknown: ask", { loanType: "fha", balance: 300_000 }, "ask"],
  [
    "FHA at 85% of today's value: nothing to refinance into yet",
    {
      loanType: "fha",
      closingDate: "2018-03-01",
      originalLoanAmount: 386_000,
      originalValue: 400_000,
      balance: 425_000,
    },
    null,
  ],
  // VA and USDA.
  ["VA: none, whatever the LTV", { loanType: "va", balance: 100_000, mortgageInsurance: null }, null],
  ["VA marked as insured: still none", { loanType: "va", balance: 100_000, mortgageInsurance: true }, null],
  [
    "USDA at 60%: the fee lasts the loan's life, refinance",
    { loanType: "usda", balance: 300_000, closingDate: "2019-01-01" },
    "usda_refinance",
  ],
  ["USDA at 95%: nothing", { loanType: "usda", balance: 475_000 }, null],
  // Kind unknown.
  ["kind unknown at 60%: ask", { loanType: null, balance: 300_000 }, "ask"],
  [
    "kind 'other' marked without insurance: none",
    { loanType: "other", balance: 300_000, mortgageInsurance: false },
    null,
  ],
  ["no loan: none", { balance: 0 }, null],
];

describe("mortgage insurance by the loan's kind", () => {
  it.each(CASES)("%s", (_, facts, rule) => {
    expect(mortgageInsuranceFinding(loan(facts), TODAY)?.rule ?? null).toBe(rule);
  });

  it("says when an FHA premium ends", () => {
    expect(fhaPremiumEnds("2016-08-01", 0.965)).toBe("life");
    expect(fhaPremiumEnds("2016-08-01", 0.9)).toBe("2027-08-01");
    expect(fhaPremiumEnds("2013-06-02", 0.965)).toBe("at 78%");
    expect(fhaPremiumEnds("2000-12-31", 0.965)).toBe("life");
    expect(fhaPremiumEnds(null, 0.9)).toBe("unknown");
  });

  it("reads the figures into the reason it gives", () => {
    const found = mortgageInsuranceFinding(
      loan({ balance: 318_000, originalLoanAmount: 380_000, originalValue: 400_000, closingDate: "2020-05-01" }),
      TODAY,
    );
    expect(found?.reason).toMatch(/79\.5% of the home's original value.*cancel.*78%/);
    const fha = mortgageInsuranceFinding(
      loan({
        loanType: "fha",
        originalLoanAmount: 360_000,
        originalValue: 400_000,
        closingDate: "2021-08-01",
        balance: 320_000,
      }),
      TODAY,
    );
    expect(fha?.reason).toMatch(/until August 1, 2032.*64\.0% of today's value/);
  });

  it("counts years as a birthday does", () => {
    expect(yearsBetween("2020-11-28", TODAY)).toBe(5);
    expect(yearsBetween("2020-11-27", TODAY)).toBe(6);
  });
});
