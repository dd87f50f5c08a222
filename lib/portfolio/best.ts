/**
 * A client's one best action, pure: among their live opportunities being worked (open or contacted; a dismissed one
 * is the officer's "no"), the one worth the most to the client a year. Ties, at no money most often, go by what a call
 * can act on: a refinance or the insurance first, borrowing next, a moved value, and an engaged homeowner last. An
 * engaged homeowner is a signal to call about the others, with no money of its own: it is the best action only when
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
}

/** The best of a client's opportunities, or none when none is being worked. */
export function bestOf<T extends Rankable>(opportunities: T[]): T | undefined {
  return opportunities
    .filter((o) => o.status === "open" || o.status === "contacted")
    .sort((a, b) => b.worth - a.worth || TIE_ORDER.indexOf(a.kind) - TIE_ORDER.indexOf(b.kind) || a.id - b.id)[0];
}
