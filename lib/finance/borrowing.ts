/**
 * What a homeowner could borrow against a home at the organization's maximum loan-to-value. Whole dollars: the
 * amounts are rounded down, so that borrowing all of one never passes the limit.
 */

/** A home equity line rides on top of the loans: the combined LTV stays at or under `maxLtv`. */
export function helocAvailable(value: number, loanBalance: number, maxLtv: number): number {
  return Math.max(0, Math.floor(value * maxLtv - loanBalance));
}

/** A cash-out refinance: a new first loan of up to value × maxLtv pays off every loan; the rest is cash. */
export function cashOutAvailable(value: number, payoff: number, maxLtv: number): number {
  return Math.max(0, Math.floor(value * maxLtv - payoff));
}

/** The new loan a cash-out refinance of `cash` makes: the payoff of today's loans plus the cash. */
export function cashOutLoan(payoff: number, cash: number): number {
  return payoff + cash;
}

export interface LimitGap {
  /** Today's loan-to-value, 0–1. */
  ltv: number;
  maxLtv: number;
  /** The value above which something opens up, at today's loans (rounded up to the dollar). */
  valueNeeded: number;
  /** The loan balance below which something opens up, at today's value (rounded down to the dollar). */
  balanceNeeded: number;
}

/**
 * How far the loans are from the limit when nothing is available: the value or the balance that would open a line.
 * Undefined when something is available already.
 */
export function limitGap(value: number, loanBalance: number, maxLtv: number): LimitGap | undefined {
  if (helocAvailable(value, loanBalance, maxLtv) > 0) return undefined;
  return {
    ltv: value > 0 ? loanBalance / value : Infinity,
    maxLtv,
    valueNeeded: Math.ceil(loanBalance / maxLtv),
    balanceNeeded: Math.floor(value * maxLtv),
  };
}

/** The average rate of loans weighted by balance (for "your loans average 3.1%"); undefined without any rate. */
export function averageRate(loans: { balance: number; ratePercent?: number }[]): number | undefined {
  const rated = loans.filter((loan) => loan.ratePercent !== undefined && loan.balance > 0);
  const total = rated.reduce((sum, loan) => sum + loan.balance, 0);
  if (!total) return undefined;
  return rated.reduce((sum, loan) => sum + loan.balance * loan.ratePercent!, 0) / total;
}
