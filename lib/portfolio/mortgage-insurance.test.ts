import { describe, expect, it } from "vitest";
import { annualPremiumPercent, premiumBreakEven, priceInsurance, type PricedLoan } from "./insurance-savings";
import { fhaPremiumEnds, mortgageInsuranceFinding, yearsBetween, type LoanFacts } from "./mortgage-insurance";
import { DEFAULT_REFINANCE_TERMS, monthlyPayment, type RefinanceTerms } from "./refinance";

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

describe("what a finding is worth, and whether a refinance to drop a premium pays", () => {
  const DAY = "2026-12-01";
  const T = { ...DEFAULT_REFINANCE_TERMS, currentRate: 6.25 };
  // An FHA loan of 2016 with 3.5% down (its premium for life, 0.85% a year): $300,000 left at today's 6.25%, 120 of
  // 360 months gone.
  const fha = (over: Partial<PricedLoan> = {}): PricedLoan => ({
    ...loan({
      loanType: "fha",
      mortgageInsurance: true,
      originalLoanAmount: 386_000,
      originalValue: 400_000,
      closingDate: "2016-12-01",
    }),
    noteRate: 6.25,
    termMonths: 360,
    ...over,
  });
  const priced = (l: PricedLoan, t: Partial<RefinanceTerms> = {}) => {
    const found = mortgageInsuranceFinding(l, DAY);
    return found && priceInsurance(found, l, { ...T, ...t }, DAY);
  };
  // At today's rate only the premium is saved: $212.50 a month; $9,000 of costs take 42.35 months, $7,650 exactly 36.
  const CASES: [string, PricedLoan, Partial<RefinanceTerms>, string | null][] = [
    ["the premium alone, 42.35 months to repay $9,000", fha(), {}, null],
    ["the premium alone, break-even just over (36.05 months)", fha(), { closingCostFixed: 1_660 }, null],
    ["the premium alone, break-even at 36.00 months", fha(), { closingCostFixed: 1_650 }, "fha_refinance"],
    ["the premium alone, break-even just under (35.95 months)", fha(), { closingCostFixed: 1_640 }, "fha_refinance"],
    [
      "a 2015 loan at 3.875%: today's rate costs more than the premium",
      fha({ noteRate: 3.875, closingDate: "2015-06-01", balance: 228_000 }),
      {},
      null,
    ],
    [
      "a 2023 loan at 7.5%: the rate and the premium repay the costs",
      fha({ noteRate: 7.5, closingDate: "2023-06-01" }),
      {},
      "fha_refinance",
    ],
    [
      "the 1998 $21,472 loan at 7.026%",
      fha({
        noteRate: 7.026,
        closingDate: "1998-10-02",
        balance: 21_472,
        originalLoanAmount: 150_000,
        originalValue: 172_500,
      }),
      { breakEvenMonths: 360 },
      null,
    ],
    ["balance just under $50,000", fha({ balance: 49_999 }), { breakEvenMonths: 360 }, null],
    ["balance at $50,000", fha({ balance: 50_000 }), { breakEvenMonths: 360 }, "fha_refinance"],
    ["balance just over $50,000", fha({ balance: 50_001 }), { breakEvenMonths: 360 }, "fha_refinance"],
    ["59 months left", fha({ termMonths: 179 }), { breakEvenMonths: 360 }, null],
    ["60 months left", fha({ termMonths: 180 }), { breakEvenMonths: 360 }, "fha_refinance"],
    ["61 months left", fha({ termMonths: 181 }), { breakEvenMonths: 360 }, "fha_refinance"],
    ["the rate not on file: ask the client", fha({ noteRate: null }), {}, "ask"],
    // 10% down: the premium ends 11 years in, next month; one month of it never repays the costs.
    [
      "a premium that ends next month",
      fha({ originalLoanAmount: 360_000, closingDate: "2016-01-04" }),
      { breakEvenMonths: 360 },
      null,
    ],
    [
      "USDA before October 2011: no annual fee to drop",
      fha({ loanType: "usda", noteRate: 7, closingDate: "2010-05-01" }),
      { breakEvenMonths: 360 },
      null,
    ],
    [
      "USDA of 2019 at 7.5%: the rate and the 0.35% fee",
      fha({ loanType: "usda", noteRate: 7.5, closingDate: "2019-05-01" }),
      {},
      "usda_refinance",
    ],
  ];
  it.each(CASES)("%s", (_, l, t, rule) => {
    expect(priced(l, t)?.rule ?? null).toBe(rule);
  });

  it("puts the money in the reason, and the yearly saving as its worth", () => {
    const found = priced(fha(), { closingCostFixed: 1_650 })!;
    expect(found.worth).toBe(2_550);
    expect(found.reason).toMatch(
      /The FHA premium is about \$213 a month \(0\.85% a year of the balance\); at today's 6\.25% the payment would stay about the same over the 240 months left: the client saves about \$213 a month, repaying about \$7,650 of closing costs in 36 months \(36 or fewer\)\.$/,
    );
    const l = fha({ noteRate: 7.5, closingDate: "2023-06-01" });
    const rateSaving = monthlyPayment(300_000, 7.5, 318) - monthlyPayment(300_000, 6.25, 318);
    expect(priced(l)!.worth).toBe(Math.round(rateSaving * 12 + ((300_000 * 0.0055) / 12) * 12));
    expect(priced(fha({ noteRate: null }))!.reason).toMatch(/depends on the client's rate, which is not on file/);
  });

  it("prices private mortgage insurance at $50 a month per $100,000 borrowed", () => {
    const pmi = loan({
      balance: 318_000,
      originalLoanAmount: 380_000,
      originalValue: 400_000,
      closingDate: "2020-05-01",
    });
    const found = priced({ ...pmi, noteRate: 3, termMonths: 360 })!;
    expect(found).toMatchObject({ rule: "pmi_request", worth: 2_280 });
    expect(found.reason).toMatch(/about \$2,280 a year to the client\.$/);
  });

  it("reads the premium's rate by the day the loan closed", () => {
    expect(annualPremiumPercent("fha", "2000-01-01")).toBe(0.5);
    expect(annualPremiumPercent("fha", "2013-05-01")).toBe(1.35);
    expect(annualPremiumPercent("fha", "2015-01-26")).toBe(0.85);
    expect(annualPremiumPercent("fha", "2023-03-20")).toBe(0.55);
    expect(annualPremiumPercent("usda", "2011-09-30")).toBe(0);
    expect(annualPremiumPercent("usda", "2015-06-01")).toBe(0.5);
    expect(annualPremiumPercent("usda", null)).toBe(0.35);
  });

  it("counts a premium that ends before the costs are repaid, then the rate's saving alone", () => {
    // $100 a month of rate and $200 of premium for 10 months: $3,000 by then, $6,000 of costs 30 months later.
    expect(premiumBreakEven(6_000, 100, 200, 10)).toBe(40);
    expect(premiumBreakEven(3_000, 100, 200, 10)).toBe(10);
    expect(premiumBreakEven(6_000, 0, 200, 10)).toBe(Infinity);
  });
});
