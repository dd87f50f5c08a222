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
  type OpportunityKind,
  type Thresholds,
} from "./opportunities";
import { bestOf } from "./best";
import { monthlyPayment } from "./refinance";

const TODAY = "2026-12-01";
const home = (over: Partial<ClientFigures> = {}): ClientFigures => ({
  value: 500_000,
  previousValue: null,
  balance: 300_000,
  loanType: null,
  noteRate: null,
  today: TODAY,
  ...over,
});
const kinds = (f: ClientFigures, t: Thresholds = T) => opportunitiesFor(f, t).map((o) => o.kind);

// The demo portfolio's loans (lib/services/portfolio/demo-portfolio.ts, at the data set's figures) and the issue's.
const VA_2021 = home({
  value: 1_346_000,
  balance: 573_516,
  loanType: "va",
  noteRate: 2.734,
  closingDate: "2021-09-01",
  termMonths: 360,
  originalLoanAmount: 651_300,
  originalValue: 765_500,
  mortgageInsurance: false,
});
const FHA_1998 = home({
  value: 932_000,
  balance: 21_472,
  loanType: "fha",
  noteRate: 7.026,
  closingDate: "1998-10-02",
  termMonths: 360,
  originalLoanAmount: 150_000,
  originalValue: 172_500,
  mortgageInsurance: true,
});
// 327 months left; 80% of the price at closing, so no mortgage insurance; 76.9% of today's value.
const CONVENTIONAL_2024 = home({
  value: 520_000,
  balance: 400_000,
  loanType: "conventional",
  noteRate: 7.5,
  closingDate: "2024-03-01",
  termMonths: 360,
  originalLoanAmount: 420_000,
  originalValue: 525_000,
});
// 3.2% down in 2015: the premium lasts the loan's life.
const FHA_2015 = home({
  value: 450_000,
  balance: 228_000,
  loanType: "fha",
  noteRate: 3.875,
  closingDate: "2015-06-01",
  termMonths: 360,
  originalLoanAmount: 300_000,
  originalValue: 310_000,
  mortgageInsurance: true,
});

describe("the issue's loans", () => {
  it("the demo's 2.734% VA loan: a home equity line that keeps it, never a cash-out or a refinance", () => {
    expect(kinds(VA_2021)).toEqual(["home_equity_line"]);
    const line = homeEquityLine(VA_2021, T)!;
    expect(line.reason).toMatch(/The client's 2\.734% is more than 1 point under today's 6\.25%: the line keeps it\./);
    expect(line.reason).toMatch(/the line saves about \$[\d,]+ a year/);
    // Borrowing is no saving: it ranks after any sure saving, by the money available; what the line saves against a
    // cash-out is a figure of its own.
    expect(line.worth).toBe(0);
    expect(line.figures.savedYearly).toBeGreaterThan(0);
  });

  it("the 1998 $21,472 loan: neither a rate refinance nor an FHA premium refinance, each test failing on its own", () => {
    expect(kinds(FHA_1998)).not.toContain("rate_refinance");
    expect(kinds(FHA_1998)).not.toContain("mortgage_insurance");
    // 22 months left and $21,472: under both minimums; without them, $7 a month never repays $3,429 of costs.
    expect(rateRefinance(FHA_1998, { ...T, minBalance: 0, minMonthsLeft: 0 })).toBeNull();
    expect(rateRefinance(FHA_1998, { ...T, minBalance: 0, minMonthsLeft: 0, breakEvenMonths: 1_000 })).not.toBeNull();
  });

  it("a 7.5% loan of 2024: a rate-and-term refinance, its money in the reason", () => {
    const found = rateRefinance(CONVENTIONAL_2024, T)!;
    const saving = monthlyPayment(400_000, 7.5, 327) - monthlyPayment(400_000, 6.25, 327);
    expect(found.worth).toBe(Math.round(saving * 12));
    expect(found.figures).toMatchObject({ monthsLeft: 327, closingCosts: 11_000, monthlySaving: Math.round(saving) });
    expect(found.reason).toBe(
      `The client's rate of 7.5% is 1.25 points above today's 6.25% (0.75 or more): on the $400,000 balance with 327 months left, the payment would fall by $325 a month ($3,901 a year), repaying about $11,000 of closing costs in 34 months (36 or fewer).`,
    );
    expect(kinds(CONVENTIONAL_2024)).toEqual(["rate_refinance"]);
  });

  it("an FHA loan of 2015 at 3.875%: no premium refinance (today's rate costs more than the premium saves), a line", () => {
    expect(mortgageInsurance(FHA_2015, T)).toBeNull();
    expect(kinds(FHA_2015)).toEqual(["home_equity_line"]);
  });
});

describe("rate-and-term refinance at each threshold", () => {
  // $400,000 at 7.5% with 327 months left saves $325 a month: $11,000 of costs take 33.9 months.
  const saving = monthlyPayment(400_000, 7.5, 327) - monthlyPayment(400_000, 6.25, 327);
  const exactly36 = 36 * saving - 8_000;
  const relaxed = { ...T, breakEvenMonths: 360 };
  const CASES: [string, Partial<ClientFigures>, Partial<Thresholds>, boolean][] = [
    ["margin just under (0.749 point)", { noteRate: 6.999, balance: 600_000 }, relaxed, false],
    ["margin at 0.75 point", { noteRate: 7, balance: 600_000 }, relaxed, true],
    ["margin just over (0.751 point)", { noteRate: 7.001, balance: 600_000 }, relaxed, true],
    ["break-even just under the setting (33.9 > 33 months)", {}, { breakEvenMonths: 33 }, false],
    ["break-even within the setting (33.9 ≤ 34 months)", {}, { breakEvenMonths: 34 }, true],
    ["break-even at 36.00 months", {}, { closingCostFixed: exactly36 }, true],
    ["break-even just over (36.03 months)", {}, { closingCostFixed: exactly36 + 10 }, false],
    ["balance just under $50,000", { balance: 49_999 }, relaxed, false],
    ["balance at $50,000", { balance: 50_000 }, relaxed, true],
    ["balance just over $50,000", { balance: 50_001 }, relaxed, true],
    ["59 months left", { closingDate: "2001-11-01" }, relaxed, false],
    ["60 months left", { closingDate: "2001-12-01" }, relaxed, true],
    ["61 months left", { closingDate: "2002-01-01" }, relaxed, true],
    ["no rate on file", { noteRate: null }, relaxed, false],
    ["no loan", { balance: 0 }, relaxed, false],
  ];
  it.each(CASES)("%s", (_, figures, thresholds, found) => {
    const f = { ...CONVENTIONAL_2024, ...figures };
    expect(rateRefinance(f, { ...T, ...thresholds }) !== null).toBe(found);
  });

  it("says when the term or the closing date is not on file, and counts 30 years or the whole term", () => {
    const noTerm = rateRefinance({ ...CONVENTIONAL_2024, termMonths: null }, T)!;
    expect(noTerm.reason).toMatch(/327 months left \(the term is not on file: 30 years assumed\)/);
    const noDate = rateRefinance({ ...CONVENTIONAL_2024, closingDate: null }, T)!;
    expect(noDate.reason).toMatch(/360 months left \(the closing date is not on file: the whole term counted\)/);
    const neither = rateRefinance({ ...CONVENTIONAL_2024, closingDate: null, termMonths: null }, T)!;
    expect(neither.reason).toMatch(/360 months left \(the closing date and the term are not on file: a whole 30-year/);
  });
});

describe("a home equity line or a cash-out, for the same cash", () => {
  // $100,000 owed on a $1,000,000 home: $700,000 could be drawn; one new loan of $800,000 costs $54,000 of interest
  // and $19,000 of closing costs over 36 months, $60,333 a year.
  const big = (noteRate: number | null) => home({ value: 1_000_000, balance: 100_000, noteRate });
  const CASES: [string, ClientFigures, Partial<Thresholds>, OpportunityKind | null][] = [
    ["a rate just over a point under today's (5.249%): the line", big(5.249), {}, "home_equity_line"],
    ["a rate a point under today's (5.25%): the cash-out, cheaper", big(5.25), {}, "cash_out"],
    ["a rate just under a point under (5.251%): the cash-out", big(5.251), {}, "cash_out"],
    ["the rate not on file: the line", big(null), {}, "home_equity_line"],
    ["no mortgage: one new loan is cheaper", home({ balance: 0, value: 500_000 }), {}, "cash_out"],
    // $400,000 of cash on a free home: the cash-out costs $30,667 a year; the line at 7.66675% as much.
    ["the line at the same yearly cost: the line", home({ balance: 0 }), { helocRate: 7.66675 }, "home_equity_line"],
    ["the line $1 a year dearer: the cash-out", home({ balance: 0 }), { helocRate: 7.667 }, "cash_out"],
    ["the line $1 a year cheaper: the line", home({ balance: 0 }), { helocRate: 7.6665 }, "home_equity_line"],
    // At 8.5% on the first, a cash-out is cheaper from $40,000 of cash; it needs $50,000.
    ["cash-out cheaper, $49,999 available", home({ balance: 350_001, noteRate: 8.5 }), {}, "home_equity_line"],
    ["cash-out cheaper, $50,000 available", home({ balance: 350_000, noteRate: 8.5 }), {}, "cash_out"],
    ["cash-out cheaper, $50,001 available", home({ balance: 349_999, noteRate: 8.5 }), {}, "cash_out"],
    ["line: $25,000 available exactly", home({ balance: 375_000, noteRate: 3 }), {}, "home_equity_line"],
    ["line: $24,999 available", home({ balance: 375_001, noteRate: 3 }), {}, null],
    ["at the maximum LTV", home({ balance: 400_000, noteRate: 3 }), {}, null],
  ];
  it.each(CASES)("%s", (_, f, thresholds, kind) => {
    const t = { ...T, ...thresholds };
    const found = [homeEquityLine(f, t), cashOut(f, t)].filter((o) => o !== null);
    expect(found.map((o) => o.kind)).toEqual(kind ? [kind] : []);
  });

  it("states both yearly costs, and what the cheaper way saves (a figure, not a worth: borrowing saves nothing)", () => {
    const found = cashOut(big(5.25), T)!;
    expect(found.reason).toBe(
      "Replacing the $100,000 first mortgage at 5.25% with one loan of $800,000 at the 6.75% cash-out rate frees $700,000 at 80% LTV and costs $60,333 a year (its $19,000 of closing costs spread over 36 months), against $64,750 for keeping it and drawing the same cash on a line at 8.5%: a cash-out refinance saves about $4,417 a year.",
    );
    expect(found.figures.savedYearly).toBe(4_417);
    expect(found.worth).toBe(0);
    const unknown = homeEquityLine(big(null), T)!;
    expect(unknown.reason).toMatch(/The client's rate is not on file, so nothing shows that replacing the first/);
    expect(unknown.worth).toBe(0);
    const short = homeEquityLine(home({ balance: 360_000, noteRate: 8.5 }), T)!;
    expect(short.reason).toMatch(/A cash-out would cost less .* but it needs at least \$50,000 available\./);
  });

  it("follows the organization's maximum LTV and offers", () => {
    expect(homeEquityLine(home({ balance: 390_000, noteRate: 3 }), T)).toBeNull();
    expect(homeEquityLine(home({ balance: 390_000, noteRate: 3 }), { ...T, maxLtv: 0.9 })?.figures.available).toBe(
      60_000,
    );
    // A cash-out offer under the first's rate makes replacing it cheaper.
    expect(cashOut(home({ balance: 300_000, noteRate: 6 }), T)).toBeNull();
    expect(cashOut(home({ balance: 300_000, noteRate: 6 }), { ...T, cashOutRate: 5 })).not.toBeNull();
  });
});

describe("value moved", () => {
  it("applies at a 5% move either way since the last refresh, not on the first", () => {
    expect(valueMoved(home({ value: 525_000, previousValue: 500_000 }), T)?.reason).toMatch(/up 5\.0% \(\$25,000\)/);
    expect(valueMoved(home({ value: 475_000, previousValue: 500_000 }), T)?.reason).toMatch(/down 5\.0%/);
    expect(valueMoved(home({ value: 524_999, previousValue: 500_000 }), T)).toBeNull();
    expect(valueMoved(home({ value: 600_000 }), T)).toBeNull();
  });
});

describe("mortgage insurance", () => {
  it("follows the loan's kind (the table is in mortgage-insurance.test.ts): the tag names the rule", () => {
    const conventional = home({ balance: 10_000, loanType: "conventional", mortgageInsurance: false });
    expect(mortgageInsurance(conventional, T)).toBeNull();
    const pmi = mortgageInsurance(
      home({ balance: 318_000, loanType: "conventional", originalLoanAmount: 380_000, originalValue: 400_000 }),
      T,
    )!;
    expect(pmi.figures.rule).toBe("pmi_request");
    expect(pmi.worth).toBe(2_280);
    expect(tagLabel("mortgage_insurance", pmi.figures)).toBe("Mortgage insurance can be cancelled");
    expect(tagLabel("cash_out", {})).toBe("Cash-out refinance");
  });
});

describe("all rules", () => {
  it("find every opportunity of one refresh, each with a reason, figures and its worth", () => {
    const found = opportunitiesFor(
      home({ value: 600_000, previousValue: 500_000, balance: 200_000, noteRate: 8.5, loanType: "other" }),
      T,
    );
    expect(found.map((o) => o.kind)).toEqual(["mortgage_insurance", "cash_out", "value_moved", "rate_refinance"]);
    for (const o of found) expect(o.reason.length).toBeGreaterThan(20);
    // Only a sure saving has a worth: the refinance's lower payment; not the cash-out, the value, the "ask" of insurance.
    expect(found.map((o) => o.worth > 0)).toEqual([false, false, false, true]);
    expect(opportunitiesFor(home({ balance: 450_000 }), T)).toEqual([]);
  });

  it("compute LTV and available equity", () => {
    expect(ltvOf({ value: 0, balance: 10 })).toBe(0);
    expect(availableAt({ value: 100_000, balance: 90_000 }, 0.8)).toBe(0);
  });
});

describe("the best action of a client", () => {
  const o = (
    id: number,
    kind: OpportunityKind,
    worth: number,
    status: "open" | "contacted" | "dismissed" = "open",
    amount = 0,
  ) => ({
    id,
    kind,
    worth,
    status,
    amount,
  });
  const CASES: [string, ReturnType<typeof o>[], number | undefined][] = [
    ["the most worth", [o(1, "mortgage_insurance", 1_200), o(2, "rate_refinance", 3_900)], 2],
    [
      "a sure saving before any borrowing, however much",
      [o(1, "home_equity_line", 0, "open", 400_000), o(2, "mortgage_insurance", 600)],
      2,
    ],
    [
      "borrowing by the money available",
      [o(1, "home_equity_line", 0, "open", 90_000), o(2, "home_equity_line", 0, "open", 140_000)],
      2,
    ],
    ["a contacted one counts", [o(1, "rate_refinance", 4_000, "contacted"), o(2, "rate_refinance", 3_900)], 1],
    ["a dismissed one never", [o(1, "rate_refinance", 4_000, "dismissed"), o(2, "mortgage_insurance", 3_900)], 2],
    [
      "ties at no money: the insurance before a moved value",
      [o(1, "value_moved", 0), o(2, "mortgage_insurance", 0)],
      2,
    ],
    ["an engaged homeowner after any other", [o(1, "engagement", 0), o(2, "value_moved", 0)], 2],
    ["an engaged homeowner alone", [o(1, "engagement", 0), o(2, "value_moved", 0, "dismissed")], 1],
    ["nothing being worked", [o(1, "cash_out", 9_000, "dismissed")], undefined],
  ];
  it.each(CASES)("%s", (_, list, best) => {
    expect(bestOf(list)?.id).toBe(best);
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
    expect(engagement({ ...none, borrowingUses: 1 })?.worth).toBe(0);
  });

  it("names every sign it saw", () => {
    expect(engagement({ visitDays: 4, reportDownloads: 2, borrowingUses: 1 })?.reason).toBe(
      "The client opened their dashboard on 4 days this week, downloaded their property report 2 times and tried the borrowing scenarios: they may be thinking about borrowing, a good moment to call.",
    );
  });
});
