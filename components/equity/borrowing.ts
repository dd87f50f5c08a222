import type { EquityDto } from "@/lib/services/homes/dto";

export interface Borrowing {
  available: number;
  low: number;
  high: number;
  /** The most the loans could add up to at the maximum LTV: estimate × maxLtv. */
  limit: number;
  /** The loans already reach or pass that limit, so nothing is available at the estimate. */
  overLimit: boolean;
}

/** What can be borrowed at a maximum LTV (field-reference.md: value × maxLTV − loans, not below zero). */
export function borrowing(
  equity: Pick<EquityDto, "estimate" | "estimateLow" | "estimateHigh" | "totalLoanBalance">,
  maxLtv: number,
): Borrowing {
  const available = (value: number) => Math.max(0, value * maxLtv - equity.totalLoanBalance);
  const limit = equity.estimate * maxLtv;
  return {
    available: available(equity.estimate),
    low: available(equity.estimateLow),
    high: available(equity.estimateHigh),
    limit,
    overLimit: equity.totalLoanBalance >= limit,
  };
}
