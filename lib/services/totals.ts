import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { AppError, orAppError } from "./errors";
import type { Caller } from "./gateway";
import { valuation } from "./lookups";
import { ownedKeysOf, type HomeownerView, type ProvedProperty } from "./owners";

/** The account's proved homes added up: what they are worth, what is owed on them, and last month's change in value. */
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
  /** The change in value since last month, and in percent of last month's value; null when an estimate failed. */
  monthChange: number | null;
  monthChangePercent: number | null;
}

/**
 * Totals across the proved homes of a view (claimed ones are not the account's until proved). The month's change
 * comes from each home's valuation (cached, so the dashboard's cards and these share one call per home).
 */
export async function homeTotals(caller: Caller & { user: SessionUser }, view: HomeownerView): Promise<HomeTotals | undefined> {
  const proved = view.properties.filter((p): p is ProvedProperty => p.verified);
  if (!proved.length) return undefined;
  const ownedKeys = ownedKeysOf(view);
  const valuations = await Promise.all(proved.map((p) => orAppError(valuation({ ...caller, ownedKeys }, p.facts.address))));
  const sum = (pick: (p: ProvedProperty) => number) => proved.reduce((total, p) => total + pick(p), 0);
  const known = valuations.every((v) => !AppError.is(v));
  const monthChange = known ? valuations.reduce((total, v) => total + (AppError.is(v) ? 0 : v.changeAmount), 0) : null;
  const lastMonth = known ? valuations.reduce((total, v) => total + (AppError.is(v) ? 0 : v.lastMonthValue), 0) : 0;
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
    monthChange,
    monthChangePercent: monthChange !== null && lastMonth > 0 ? Math.round((monthChange / lastMonth) * 10_000) / 100 : null,
  };
}
