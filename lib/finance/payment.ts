/** Money to the cent, half away from zero; EPSILON so that 1.005 (stored as 1.00499…) rounds up as written. */
export function roundCents(amount: number): number {
  return (Math.sign(amount) * Math.round((Math.abs(amount) + Number.EPSILON) * 100)) / 100;
}

/**
 * The monthly payment that repays `principal` in `years` of equal monthly payments at a yearly rate (standard
 * amortization: P·r / (1 − (1 + r)^−n), with r the monthly rate); at 0% the principal split evenly. Rounded to cents.
 */
export function monthlyPayment(principal: number, ratePercent: number, years: number): number {
  if (principal <= 0) return 0;
  const months = Math.round(years * 12);
  if (months <= 0) throw new RangeError("the term must be at least one month");
  const r = ratePercent / 100 / 12;
  if (r === 0) return roundCents(principal / months);
  return roundCents((principal * r) / (1 - Math.pow(1 + r, -months)));
}

/** The monthly payment when only interest is paid (a line of credit's draw period): P·r, rounded to cents. */
export function interestOnlyPayment(principal: number, ratePercent: number): number {
  if (principal <= 0) return 0;
  return roundCents((principal * ratePercent) / 100 / 12);
}
