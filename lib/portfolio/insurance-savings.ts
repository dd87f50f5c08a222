/**
 * What a mortgage-insurance finding (mortgage-insurance.ts) is worth to the client, pure, and whether a refinance to
 * drop a premium pays:
 *
 * - cancelling private mortgage insurance (on request or on appraisal) saves its premium, about $50 a month per
 *   $100,000 borrowed (Freddie Mac gives $30 to $70);
 * - an FHA premium or a USDA fee that stays is dropped only by a conventional refinance, which has closing costs: the
 *   premium saved plus the payment's change at today's rate (over the months left) must repay them within the
 *   break-even, and the loan must have the least balance and months left of any refinance. Without the client's rate
 *   on file nothing shows that it pays: the officer asks.
 */

import { formatPercent, formatUsd } from "@/lib/format";
import type { InsuranceFinding, LoanFacts } from "./mortgage-insurance";
import {
  breakEven,
  closingCosts,
  monthlyPayment,
  monthsBetween,
  monthsLeft,
  monthsLeftNote,
  monthsUntilBalance,
  type RefinanceTerms,
} from "./refinance";

/** Private mortgage insurance: dollars a month per $100,000 borrowed (the middle of Freddie Mac's $30 to $70). */
export const PMI_MONTHLY_PER_100K = 50;

/**
 * FHA's annual premium in percent of the balance, by the day the loan closed: a 30-year loan with under 5% down, the
 * usual FHA loan, as HUD set it (Mortgagee Letters 2010-28, 2011-10, 2012-4, 2013-04, 2015-01, 2023-05). Before
 * October 2010, 0.5%.
 */
export const FHA_ANNUAL_PERCENT: [from: string, percent: number][] = [
  ["0000-01-01", 0.5],
  ["2010-10-04", 0.9],
  ["2011-04-18", 1.15],
  ["2012-06-11", 1.25],
  ["2013-04-01", 1.35],
  ["2015-01-26", 0.85],
  ["2023-03-20", 0.55],
];

/** USDA's annual fee in percent of the balance, by the fiscal year the loan closed in: none before October 2011. */
export const USDA_ANNUAL_PERCENT: [from: string, percent: number][] = [
  ["0000-01-01", 0],
  ["2011-10-01", 0.3],
  ["2012-10-01", 0.4],
  ["2014-10-01", 0.5],
  ["2016-10-01", 0.35],
];

/** The premium's yearly percent of a loan closed on a day (unknown: the latest, and the reason says so). */
export function annualPremiumPercent(type: "fha" | "usda", closingDate: string | null): number {
  const table = type === "fha" ? FHA_ANNUAL_PERCENT : USDA_ANNUAL_PERCENT;
  const day = closingDate ?? "9999-12-31";
  return table.filter(([from]) => from <= day).at(-1)![1];
}

/** The loan as the rules know it, with its rate and term (each when on file). */
export interface PricedLoan extends LoanFacts {
  noteRate: number | null;
  termMonths: number | null;
}

export type PricedFinding = InsuranceFinding & { worth: number };

const usd = (n: number) => formatUsd(Math.round(n));
const rate = (n: number) => formatPercent(n, "rate");

/**
 * A finding with its worth a year; a premium's refinance only when it pays (else null, or "ask" without the rate).
 */
export function priceInsurance(
  found: InsuranceFinding,
  loan: PricedLoan,
  t: RefinanceTerms & { currentRate: number },
  today: string,
): PricedFinding | null {
  if (found.rule === "ask") return { ...found, worth: 0 };
  if (found.rule === "pmi_request" || found.rule === "pmi_appraisal") {
    const borrowed = loan.originalLoanAmount ?? loan.balance;
    const yearly = Math.round((PMI_MONTHLY_PER_100K * 12 * borrowed) / 100_000);
    return {
      ...found,
      reason: `${found.reason} At about ${usd(PMI_MONTHLY_PER_100K)} a month per $100,000 borrowed (the middle of the usual $30 to $70), that is about ${usd(yearly)} a year to the client.`,
      figures: { ...found.figures, yearlySaving: yearly },
      worth: yearly,
    };
  }
  return premiumRefinance(found, loan, t, today);
}

function premiumRefinance(
  found: InsuranceFinding,
  loan: PricedLoan,
  t: RefinanceTerms & { currentRate: number },
  today: string,
): PricedFinding | null {
  const type = found.rule === "fha_refinance" ? "fha" : "usda";
  const name = type === "fha" ? "FHA premium" : "USDA fee";
  if (loan.noteRate === null)
    return {
      ...found,
      rule: "ask",
      reason: `${found.reason} Whether a refinance pays depends on the client's rate, which is not on file: ask the client.`,
      worth: 0,
    };
  const left = monthsLeft(loan.closingDate, loan.termMonths, today);
  if (loan.balance < t.minBalance || left.months < t.minMonthsLeft) return null;
  const yearlyPercent = annualPremiumPercent(type, loan.closingDate);
  if (yearlyPercent <= 0) return null;
  const premium = (loan.balance * yearlyPercent) / 100 / 12;
  const payment = monthlyPayment(loan.balance, loan.noteRate, left.months);
  const ends = found.figures.premiumEnds;
  const premiumMonths =
    ends === "at 78%" && loan.originalValue
      ? monthsUntilBalance(loan.balance, loan.noteRate, payment, loan.originalValue * 0.78, left.months)
      : typeof ends === "string" && /^\d{4}-\d{2}-\d{2}$/.test(ends)
        ? Math.max(0, Math.min(left.months, monthsBetween(today, ends)))
        : left.months;
  const rateSaving = payment - monthlyPayment(loan.balance, t.currentRate, left.months);
  const costs = closingCosts(loan.balance, t);
  const months = premiumBreakEven(costs, rateSaving, premium, premiumMonths);
  if (months > t.breakEvenMonths) return null;
  const monthly = rateSaving + premium;
  const worth = Math.round(rateSaving * 12 + premium * Math.min(12, premiumMonths));
  const change =
    Math.round(rateSaving) === 0
      ? "stay about the same"
      : rateSaving > 0
        ? `fall by ${usd(rateSaving)}`
        : `rise by ${usd(-rateSaving)}`;
  const lasting = premiumMonths < left.months ? `, for ${premiumMonths} more months` : "";
  return {
    ...found,
    reason: `${found.reason} The ${name} is about ${usd(premium)} a month (${rate(yearlyPercent)} a year of the balance${lasting}); at today's ${rate(t.currentRate)} the payment would ${change} over the ${left.months} months left${monthsLeftNote(left)}: the client saves about ${usd(monthly)} a month, repaying about ${usd(costs)} of closing costs in ${Math.ceil(months)} months (${t.breakEvenMonths} or fewer).`,
    figures: {
      ...found.figures,
      noteRate: loan.noteRate,
      currentRate: t.currentRate,
      premiumPercent: yearlyPercent,
      monthlyPremium: Math.round(premium),
      monthsLeft: left.months,
      monthlySaving: Math.round(monthly),
      closingCosts: costs,
      breakEven: months,
      breakEvenMonths: t.breakEvenMonths,
    },
    worth,
  };
}

/**
 * Months, at a hundredth, for the saving to repay the costs when the premium saved lasts only `premiumMonths` (then
 * only the payment's change goes on); Infinity when it never does.
 */
export function premiumBreakEven(costs: number, rateSaving: number, premium: number, premiumMonths: number): number {
  const whilePremium = breakEven(costs, rateSaving + premium);
  if (whilePremium <= premiumMonths) return whilePremium;
  const after = breakEven(costs - (rateSaving + premium) * premiumMonths, rateSaving);
  return after === Infinity ? Infinity : Math.round((premiumMonths + after) * 100) / 100;
}
