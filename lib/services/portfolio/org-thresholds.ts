import "server-only";
// The organization's thresholds for a refresh's opportunities, and when a dismissed one opens again.
import { DEFAULT_THRESHOLDS, type Thresholds } from "@/lib/portfolio/opportunities";
import { offers, orgSettings } from "@/lib/services/platform/settings";

export type DismissedFigures = { value: number | null; available: number; maxLtv: number; currentRate: number };

/**
 * Whether a dismissed opportunity's figures moved past the thresholds since the officer dismissed it, by what the
 * officer does not type: the service's estimate by the value-move share; the organization's maximum LTV (by a point)
 * or current rate (by the rate margin); or, when the loans are the records' (`fromRecords`), what could be borrowed by
 * the home equity line's minimum. A balance or rate the officer imports again reopens nothing: it would let one
 * officer send "opportunity.found" to the lender's CRM at will.
 */
export function movedPastDismissal(
  then: DismissedFigures | null,
  now: DismissedFigures & { fromRecords: boolean },
  t: Thresholds,
): boolean {
  if (!then) return false;
  if (then.value && now.value && Math.abs(now.value - then.value) / then.value >= t.valueMove) return true;
  if (Math.abs(now.maxLtv - then.maxLtv) >= 0.01 || Math.abs(now.currentRate - then.currentRate) >= t.rateMargin)
    return true;
  return now.fromRecords && Math.abs(now.available - then.available) >= t.helocMin;
}

/**
 * The organization's thresholds: its settings (maximum LTV, current rate, minimums, what makes a refinance worth its
 * costs) and its offers' rates (admins set both), and the others of docs/portfolio.md.
 */
export async function thresholds(): Promise<Thresholds> {
  const [set, offered] = await Promise.all([orgSettings(), offers()]);
  return {
    ...DEFAULT_THRESHOLDS,
    maxLtv: set.orgMaxLtv,
    helocMin: set.opportunityHelocMin,
    cashOutMin: set.opportunityCashOutMin,
    currentRate: set.orgCurrentRate,
    rateMargin: set.refinanceRateMargin,
    breakEvenMonths: set.refinanceBreakEvenMonths,
    closingCostPercent: set.closingCostPercent,
    closingCostFixed: set.closingCostFixed,
    minBalance: set.refinanceMinBalance,
    minMonthsLeft: set.refinanceMinMonths,
    helocRate: offered.heloc.ratePercent,
    cashOutRate: offered.cashOut.ratePercent,
  };
}
