/**
 * Borrowing against the home, pure: a home equity line on top of the first mortgage, or a cash-out refinance that
 * replaces it. For the same cash (what the client could borrow at the maximum LTV) the two ways are compared by their
 * yearly cost, and the cheaper one is the opportunity, its reason in numbers:
 *
 * - keep: the loans at the client's note rate, plus the cash drawn on a line at the organization's line offer;
 * - replace: one new loan (the loans plus the cash) at the cash-out offer, plus its closing costs spread over the
 *   break-even months (a cash-out is worth it only when what it saves repays them within the break-even, as any
 *   refinance).
 *
 * A cash-out never replaces a first mortgage whose rate is more than a point under today's rate, nor one whose rate is
 * not on file: nothing then shows that giving it up pays.
 */

import {
  availableAt,
  ltvOf,
  percent,
  rate,
  round3,
  usd,
  type ClientFigures,
  type Opportunity,
  type Thresholds,
} from "./figures";
import { closingCosts, yearlyInterest } from "./refinance";

/** A first mortgage this many points or more under today's rate is kept, whatever the sums say. */
export const KEEP_FIRST_POINTS = 1;

export interface BorrowingCompared {
  available: number;
  /** The new loan of a cash-out: the loans plus the cash, and its closing costs. */
  newLoan: number;
  closingCosts: number;
  /** The yearly cost of keeping the first and drawing the line; null when the note rate is not on file. */
  keepYearly: number | null;
  /** The yearly cost of the cash-out, its closing costs spread over the break-even months. */
  cashOutYearly: number;
  /** Why the first mortgage is kept whatever the sums say, if it is. */
  keepFirst: "rate_unknown" | "rate_far_under" | null;
}

/** The two ways to the same cash, compared (see the module's comment). */
export function compareBorrowing(f: ClientFigures, t: Thresholds): BorrowingCompared {
  const available = availableAt(f, t.maxLtv);
  const newLoan = f.balance + available;
  const costs = closingCosts(newLoan, t);
  // No loan to keep: its rate does not matter.
  const rateKnown = f.balance <= 0 || f.noteRate !== null;
  const keepYearly = rateKnown
    ? Math.round(yearlyInterest(f.balance, f.noteRate ?? 0) + yearlyInterest(available, t.helocRate))
    : null;
  const farUnder = f.balance > 0 && f.noteRate !== null && round3(t.currentRate - f.noteRate) > KEEP_FIRST_POINTS;
  return {
    available,
    newLoan,
    closingCosts: costs,
    keepYearly,
    cashOutYearly: Math.round(yearlyInterest(newLoan, t.cashOutRate) + (costs * 12) / t.breakEvenMonths),
    keepFirst: !rateKnown ? "rate_unknown" : farUnder ? "rate_far_under" : null,
  };
}

/** The figures behind either finding. */
function figuresOf(f: ClientFigures, t: Thresholds, c: BorrowingCompared) {
  return {
    value: f.value,
    balance: f.balance,
    ltv: ltvOf(f),
    maxLtv: t.maxLtv,
    available: c.available,
    noteRate: f.noteRate,
    currentRate: t.currentRate,
    helocRate: t.helocRate,
    cashOutRate: t.cashOutRate,
    newLoan: c.newLoan,
    closingCosts: c.closingCosts,
    breakEvenMonths: t.breakEvenMonths,
    keepYearly: c.keepYearly,
    cashOutYearly: c.cashOutYearly,
  };
}

const cashOutWins = (c: BorrowingCompared, t: Thresholds) =>
  c.keepFirst === null && c.keepYearly !== null && c.cashOutYearly < c.keepYearly && c.available >= t.cashOutMin;

/** The two sides in words: "keeping … costs $A a year; one new loan … $B". */
function sides(f: ClientFigures, t: Thresholds, c: BorrowingCompared): string {
  const keep =
    f.balance > 0
      ? `keeping the ${usd(f.balance)} first mortgage at ${rate(f.noteRate ?? 0)} and drawing ${usd(c.available)} on a line at ${rate(t.helocRate)}`
      : `drawing ${usd(c.available)} on a line at ${rate(t.helocRate)}`;
  return `${keep} costs ${usd(c.keepYearly ?? 0)} a year; one new loan of ${usd(c.newLoan)} at the ${rate(t.cashOutRate)} cash-out rate costs ${usd(c.cashOutYearly)} (its ${usd(c.closingCosts)} of closing costs spread over ${t.breakEvenMonths} months)`;
}

/**
 * A home equity line: combined LTV under the maximum, at least the line's minimum available, and no cheaper cash-out.
 * Its worth is 0: money to borrow is not a saving, and a client who wants no cash saves nothing by either way, so
 * borrowing ranks after every sure saving, by the money available (lib/portfolio/best.ts). What the line saves against
 * the cash-out for the same cash is in its reason and its figures (`savedYearly`).
 */
export function homeEquityLine(f: ClientFigures, t: Thresholds): Opportunity | null {
  const ltv = ltvOf(f);
  const c = compareBorrowing(f, t);
  if (ltv >= t.maxLtv || c.available < t.helocMin || cashOutWins(c, t)) return null;
  const opening = `Combined LTV is ${percent(ltv, 1)}, under the ${percent(t.maxLtv)} limit: a home equity line of up to ${usd(c.available)} is available.`;
  let why: string;
  if (c.keepFirst === "rate_unknown")
    why = `The client's rate is not on file, so nothing shows that replacing the first mortgage would pay: a line keeps it.`;
  else {
    const saved = Math.max(0, c.cashOutYearly - c.keepYearly!);
    const said = sides(f, t, c);
    why =
      c.keepFirst === "rate_far_under"
        ? `The client's ${rate(f.noteRate!)} is more than ${KEEP_FIRST_POINTS} point under today's ${rate(t.currentRate)}: the line keeps it. For the same cash, ${said}${saved > 0 ? `: the line saves about ${usd(saved)} a year` : ""}.`
        : saved > 0
          ? `For the same cash, ${said}: the line saves about ${usd(saved)} a year.`
          : `A cash-out would cost less (${said}), but it needs at least ${usd(t.cashOutMin)} available.`;
  }
  return {
    kind: "home_equity_line",
    reason: `${opening} ${why[0]!.toUpperCase()}${why.slice(1)}`,
    figures: {
      ...figuresOf(f, t, c),
      minimum: t.helocMin,
      savedYearly: c.keepYearly === null ? null : Math.max(0, c.cashOutYearly - c.keepYearly),
    },
    worth: 0,
  };
}

/**
 * A cash-out refinance: at least its minimum available, a first mortgage not far under today's rate, and one new loan
 * cheaper a year than keeping the first and drawing a line (its closing costs counted). Its worth is 0, as a line's:
 * it ranks by the money available; what it saves against the line is in its reason and figures (`savedYearly`).
 */
export function cashOut(f: ClientFigures, t: Thresholds): Opportunity | null {
  const c = compareBorrowing(f, t);
  if (ltvOf(f) >= t.maxLtv || !cashOutWins(c, t)) return null;
  const saved = c.keepYearly! - c.cashOutYearly;
  const replacing =
    f.balance > 0
      ? `Replacing the ${usd(f.balance)} first mortgage at ${rate(f.noteRate!)} with one loan of ${usd(c.newLoan)}`
      : `One loan of ${usd(c.newLoan)} on the home, which has no mortgage,`;
  return {
    kind: "cash_out",
    reason: `${replacing} at the ${rate(t.cashOutRate)} cash-out rate frees ${usd(c.available)} at ${percent(t.maxLtv)} LTV and costs ${usd(c.cashOutYearly)} a year (its ${usd(c.closingCosts)} of closing costs spread over ${t.breakEvenMonths} months), against ${usd(c.keepYearly!)} for ${f.balance > 0 ? "keeping it and drawing" : "drawing"} the same cash on a line at ${rate(t.helocRate)}: a cash-out refinance saves about ${usd(saved)} a year.`,
    figures: { ...figuresOf(f, t, c), minimum: t.cashOutMin, savedYearly: saved },
    worth: 0,
  };
}
