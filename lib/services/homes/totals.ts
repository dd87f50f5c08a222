import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { AppError, orAppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { valuation } from "@/lib/services/lookups/lookups";
import { ownedKeysOf, type HomeownerView, type ProvedProperty } from "./owners";

/** The account's proved homes added up: what they are worth and what is owed on them. */
export interface HomeTotals {
  homes: number;
  value: number;
  low: number;
  high: number;
  /** The lowest confidence of the estimates added up, and the latest of their dates. */
  confidence: number;
  date: string;
  loans: number;
  equity: number;
}

/** The change in value of the proved homes since last month, in dollars and in percent of last month's value. */
export interface MonthChange {
  amount: number;
  percent: number | null;
}

const provedOf = (view: HomeownerView) => view.properties.filter((p): p is ProvedProperty => p.verified);

/** Totals across the proved homes of a view (claimed ones are not the account's until proved), from what it holds. */
export function homeTotals(view: HomeownerView): HomeTotals | undefined {
  const proved = provedOf(view);
  if (!proved.length) return undefined;
  const sum = (pick: (p: ProvedProperty) => number) => proved.reduce((total, p) => total + pick(p), 0);
  return {
    homes: proved.length,
    value: sum((p) => p.equity.estimate),
    low: sum((p) => p.equity.estimateLow),
    high: sum((p) => p.equity.estimateHigh),
    confidence: Math.min(...proved.map((p) => p.facts.estimate.confidence)),
    date: proved
      .map((p) => p.facts.estimate.date)
      .sort()
      .at(-1)!,
    loans: sum((p) => p.equity.totalLoanBalance),
    equity: sum((p) => p.equity.totalEquity),
  };
}

/**
 * The month's change across the proved homes, from each home's valuation (its own call, cached a day): undefined when
 * one of them could not be valued right now, so a partial sum is never shown as the whole.
 */
export async function monthChange(
  caller: Caller & { user: SessionUser },
  view: HomeownerView,
): Promise<MonthChange | undefined> {
  const proved = provedOf(view);
  const ownedKeys = ownedKeysOf(view);
  const valuations = await Promise.all(
    proved.map((p) => orAppError(valuation({ ...caller, ownedKeys }, p.facts.address))),
  );
  let amount = 0;
  let lastMonth = 0;
  for (const v of valuations) {
    if (AppError.is(v)) return undefined;
    amount += v.changeAmount;
    lastMonth += v.lastMonthValue;
  }
  return { amount, percent: lastMonth > 0 ? Math.round((amount / lastMonth) * 10_000) / 100 : null };
}
