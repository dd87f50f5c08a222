/**
 * The money of a refinance, pure: a loan's payment, the months it has left, what closing it again costs and how long
 * the saving takes to repay that. The opportunity rules (opportunities.ts, mortgage-insurance.ts) call a refinance
 * worth a call only when it repays its costs within the organization's break-even.
 */

/** What makes a refinance worth its costs: the organization's settings (docs/portfolio.md, "The opportunity rules"). */
export interface RefinanceTerms {
  /** Least fall of the rate, in points, for a rate-and-term refinance. */
  rateMargin: number;
  /** The saving must repay the closing costs within this many months. */
  breakEvenMonths: number;
  /** Closing costs: this percent of the new loan… */
  closingCostPercent: number;
  /** …plus these dollars (appraisal, title, recording: what does not grow with the loan). */
  closingCostFixed: number;
  /** Least balance, in dollars, worth refinancing. */
  minBalance: number;
  /** Least months left on the loan worth refinancing. */
  minMonthsLeft: number;
}

/**
 * The defaults: 2% of the loan plus $3,000 keeps every loan from $100,000 ($5,000, 5%) to $1,000,000 ($23,000, 2.3%)
 * inside the 2%–5% of the loan amount that Freddie Mac and the CFPB give as a refinance's usual closing costs; 0.75
 * point and 36 months are the industry's usual "rate down by ¾ to 1 point, costs back within about three years".
 */
export const DEFAULT_REFINANCE_TERMS: RefinanceTerms = {
  rateMargin: 0.75,
  breakEvenMonths: 36,
  closingCostPercent: 2,
  closingCostFixed: 3_000,
  minBalance: 50_000,
  minMonthsLeft: 60,
};

/** A loan whose term is not on file is taken as a 30-year loan, the usual one (and it is said so). */
export const DEFAULT_TERM_MONTHS = 360;

/** The level monthly payment that repays `principal` at `ratePercent` a year in `months` (standard amortization). */
export function monthlyPayment(principal: number, ratePercent: number, months: number): number {
  if (principal <= 0 || months <= 0) return 0;
  const r = ratePercent / 100 / 12;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}

/** Whole months from one YYYY-MM-DD day to a later one, as a payment schedule counts them. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

export interface MonthsLeft {
  /** Months left on the loan, never below 0. */
  months: number;
  /** The loan's term in months, and whether it was on file (else DEFAULT_TERM_MONTHS). */
  term: number;
  termKnown: boolean;
  /** Whether the closing date was on file: without it the whole term is counted as left. */
  closingKnown: boolean;
}

export function monthsLeft(closingDate: string | null, termMonths: number | null, today: string): MonthsLeft {
  const termKnown = termMonths !== null && termMonths > 0;
  const term = termKnown ? termMonths : DEFAULT_TERM_MONTHS;
  if (!closingDate) return { months: term, term, termKnown, closingKnown: false };
  return { months: Math.max(0, term - monthsBetween(closingDate, today)), term, termKnown, closingKnown: true };
}

/** What the reason says of the months left when a figure behind them is not on file. */
export function monthsLeftNote(left: MonthsLeft): string {
  if (!left.closingKnown && !left.termKnown)
    return " (the closing date and the term are not on file: a whole 30-year term counted)";
  if (!left.closingKnown) return " (the closing date is not on file: the whole term counted)";
  if (!left.termKnown) return " (the term is not on file: 30 years assumed)";
  return "";
}

/** A refinance's closing costs on a new loan of `amount`: a share of it plus a fixed part. */
export const closingCosts = (amount: number, t: RefinanceTerms) =>
  Math.round((amount * t.closingCostPercent) / 100 + t.closingCostFixed);

/** Months, at a hundredth, for a monthly saving to repay `costs`; Infinity when nothing is saved. */
export function breakEven(costs: number, monthlySaving: number): number {
  if (monthlySaving <= 0) return Infinity;
  return Math.round((costs / monthlySaving) * 100) / 100;
}

/**
 * Months until a balance paid `payment` a month at `ratePercent` falls to `target` (0 when it is there already; the
 * loan's months left at most).
 */
export function monthsUntilBalance(
  balance: number,
  ratePercent: number,
  payment: number,
  target: number,
  most: number,
): number {
  const r = ratePercent / 100 / 12;
  let left = balance;
  for (let month = 0; month < most; month++) {
    if (left <= target) return month;
    left = left * (1 + r) - payment;
  }
  return most;
}

/** The yearly interest of a balance at a rate (the first year's, as borrowers compare two ways to borrow). */
export const yearlyInterest = (balance: number, ratePercent: number) => (balance * ratePercent) / 100;
