/**
 * A client's one best action, pure: among their live opportunities being worked (open or contacted; a dismissed one
 * is the officer's "no"), the one worth the most to the client a year: a sure saving (a refinance's lower payment, a
 * premium dropped) first, by its yearly saving. Borrowing saves nothing (worth 0) and comes next, by the money
 * available (`amount`). Other ties go by what a call can act on: a refinance or the insurance first, borrowing next, a
 * moved value, and an engaged homeowner last, a signal to call about the others that is the best action only when
 * nothing else is being worked.
 */

import type { OpportunityKind } from "./figures";

const TIE_ORDER: OpportunityKind[] = [
  "rate_refinance",
  "mortgage_insurance",
  "cash_out",
  "home_equity_line",
  "value_moved",
  "engagement",
];

export interface Rankable {
  id: number;
  kind: OpportunityKind;
  status: "open" | "contacted" | "dismissed" | "closed";
  worth: number;
  /** The money the client could borrow when it was found. */
  amount: number;
}

/** The best of a client's opportunities, or none when none is being worked. */
export function bestOf<T extends Rankable>(opportunities: T[]): T | undefined {
  return opportunities
    .filter((o) => o.status === "open" || o.status === "contacted")
    .sort(
      (a, b) =>
        b.worth - a.worth ||
        TIE_ORDER.indexOf(a.kind) - TIE_ORDER.indexOf(b.kind) ||
        b.amount - a.amount ||
        a.id - b.id,
    )[0];
}
