/**
 * The reasons to call a past client, as pure functions of one refresh's figures: each rule says whether it applies, why
 * in words, and the figures behind it. No I/O: lib/services/portfolio/portfolio.ts feeds them and keeps what they find.
 */

import { formatNumber } from "@/lib/format";
import { cashOut, homeEquityLine } from "./borrowing";
import {
  percent,
  rate,
  round3,
  round6,
  todayOf,
  usd,
  type ClientFigures,
  type Opportunity,
  type OpportunityFigures,
  type OpportunityKind,
  type Thresholds,
} from "./figures";
import { priceInsurance } from "./insurance-savings";
import { mortgageInsuranceFinding, RULE_LABELS, RULE_TAGS, type InsuranceRule } from "./mortgage-insurance";
import { breakEven, closingCosts, monthlyPayment, monthsLeft, monthsLeftNote } from "./refinance";

export {
  availableAt,
  DEFAULT_THRESHOLDS,
  ltvOf,
  OPPORTUNITY_KINDS,
  type ClientFigures,
  type Opportunity,
  type OpportunityFigures,
  type OpportunityKind,
  type Thresholds,
} from "./figures";
export { cashOut, homeEquityLine } from "./borrowing";

export const KIND_LABELS: Record<OpportunityKind, string> = {
  mortgage_insurance: "Mortgage insurance",
  home_equity_line: "Home equity line",
  cash_out: "Cash-out refinance",
  value_moved: "Value moved",
  rate_refinance: "Rate-and-term refinance",
  engagement: "Engaged homeowner",
};

/** Why an officer dismisses an opportunity: one click, and the log says which. */
export const DISMISS_REASONS = {
  not_interested: "The client is not interested",
  done_elsewhere: "Done with another lender",
  recently_discussed: "Discussed recently",
  figures_wrong: "The figures are wrong",
  other: "Another reason",
} as const;
export type DismissReason = keyof typeof DISMISS_REASONS;

/**
 * Mortgage insurance by the rules of the loan's kind (see mortgage-insurance.ts), "ask the client" when they cannot
 * tell; a premium's refinance only when it repays its costs within the break-even (insurance-savings.ts).
 */
export function mortgageInsurance(f: ClientFigures, t: Thresholds): Opportunity | null {
  const today = todayOf(f);
  const loan = {
    value: f.value,
    balance: f.balance,
    loanType: f.loanType,
    originalLoanAmount: f.originalLoanAmount ?? null,
    originalValue: f.originalValue ?? null,
    mortgageInsurance: f.mortgageInsurance ?? null,
    closingDate: f.closingDate ?? null,
  };
  const found = mortgageInsuranceFinding(loan, today);
  const priced =
    found && priceInsurance(found, { ...loan, noteRate: f.noteRate, termMonths: f.termMonths ?? null }, t, today);
  return (
    priced && {
      kind: "mortgage_insurance",
      reason: priced.reason,
      figures: { rule: priced.rule, ...priced.figures },
      worth: priced.worth,
    }
  );
}

export function valueMoved(f: ClientFigures, t: Thresholds): Opportunity | null {
  if (!f.previousValue || f.previousValue <= 0) return null;
  const change = round6((f.value - f.previousValue) / f.previousValue);
  if (Math.abs(change) < t.valueMove) return null;
  const direction = change > 0 ? "up" : "down";
  return {
    kind: "value_moved",
    reason: `The home's estimated value moved ${direction} ${percent(Math.abs(change), 1)} (${usd(Math.abs(f.value - f.previousValue))}) since the last refresh (${percent(t.valueMove)} or more): equity and what the client could borrow moved with it.`,
    figures: { value: f.value, previousValue: f.previousValue, change, threshold: t.valueMove },
    worth: 0,
  };
}

/**
 * A rate-and-term refinance: the client's known rate at least the margin above today's, the balance and the months
 * left at least the minimums, and the payment's fall at today's rate over the months left (the payoff date kept, so
 * the saving is the rate's alone) repaying the closing costs within the break-even. Worth: the payment's fall a year.
 */
export function rateRefinance(f: ClientFigures, t: Thresholds): Opportunity | null {
  if (f.noteRate === null || f.balance <= 0) return null;
  const margin = round3(f.noteRate - t.currentRate);
  if (margin < t.rateMargin) return null;
  const left = monthsLeft(f.closingDate ?? null, f.termMonths ?? null, todayOf(f));
  if (f.balance < t.minBalance || left.months < t.minMonthsLeft) return null;
  const payment = monthlyPayment(f.balance, f.noteRate, left.months);
  const newPayment = monthlyPayment(f.balance, t.currentRate, left.months);
  const monthly = payment - newPayment;
  const costs = closingCosts(f.balance, t);
  const months = breakEven(costs, monthly);
  if (months > t.breakEvenMonths) return null;
  return {
    kind: "rate_refinance",
    reason: `The client's rate of ${rate(f.noteRate)} is ${formatNumber(margin, 2)} ${margin === 1 ? "point" : "points"} above today's ${rate(t.currentRate)} (${t.rateMargin} or more): on the ${usd(f.balance)} balance with ${left.months} months left${monthsLeftNote(left)}, the payment would fall by ${usd(monthly)} a month (${usd(monthly * 12)} a year), repaying about ${usd(costs)} of closing costs in ${Math.ceil(months)} months (${t.breakEvenMonths} or fewer).`,
    figures: {
      balance: f.balance,
      noteRate: f.noteRate,
      currentRate: t.currentRate,
      margin,
      threshold: t.rateMargin,
      monthsLeft: left.months,
      termMonths: left.term,
      payment: Math.round(payment),
      newPayment: Math.round(newPayment),
      monthlySaving: Math.round(monthly),
      closingCosts: costs,
      breakEven: months,
      breakEvenMonths: t.breakEvenMonths,
    },
    worth: Math.round(monthly * 12),
  };
}

const RULES = [mortgageInsurance, homeEquityLine, cashOut, valueMoved, rateRefinance];

/** What a tag says: the kind, or for mortgage insurance the rule that found it ("ask the client" included). */
export function tagLabel(kind: OpportunityKind, figures: OpportunityFigures): string {
  const rule = ruleOf(kind, figures);
  return rule ? RULE_LABELS[rule] : KIND_LABELS[kind];
}

/** The mortgage-insurance rule an opportunity was found by, if it is one. */
function ruleOf(kind: OpportunityKind, figures: OpportunityFigures): InsuranceRule | undefined {
  const rule = figures.rule;
  return kind === "mortgage_insurance" && typeof rule === "string" && rule in RULE_LABELS
    ? (rule as InsuranceRule)
    : undefined;
}

/** Each kind in a word or two: the client list's tags, one line for several. */
export const KIND_TAGS: Record<OpportunityKind, string> = {
  mortgage_insurance: "Mortgage insurance",
  home_equity_line: "HELOC",
  cash_out: "Cash-out",
  value_moved: "Value moved",
  rate_refinance: "Rate refinance",
  engagement: "Engaged",
};

/** The short tag of an opportunity in the client list. */
export function tagShort(kind: OpportunityKind, figures: OpportunityFigures): string {
  const rule = ruleOf(kind, figures);
  return rule ? RULE_TAGS[rule] : KIND_TAGS[kind];
}

/** Every opportunity one refresh's figures show. */
export function opportunitiesFor(f: ClientFigures, t: Thresholds): Opportunity[] {
  return RULES.map((rule) => rule(f, t)).filter((o): o is Opportunity => o !== null);
}

/** What an invited homeowner did on their dashboard in the last week. */
export interface Engagement {
  /** Days with a visit to the dashboard. */
  visitDays: number;
  reportDownloads: number;
  borrowingUses: number;
}

/** Days of visits in a week that make a homeowner worth a call. */
export const ENGAGED_VISIT_DAYS = 3;

/**
 * An invited homeowner showing interest: dashboard visits on three days in a week, a report downloaded, or the
 * borrowing scenarios tried. Not a refresh's finding: it is computed daily from the homeowner's own activity.
 */
export function engagement(e: Engagement): Opportunity | null {
  const signs: string[] = [];
  if (e.visitDays >= ENGAGED_VISIT_DAYS) signs.push(`opened their dashboard on ${e.visitDays} days this week`);
  if (e.reportDownloads > 0)
    signs.push(
      e.reportDownloads === 1
        ? "downloaded their property report"
        : `downloaded their property report ${e.reportDownloads} times`,
    );
  if (e.borrowingUses > 0) signs.push("tried the borrowing scenarios");
  if (signs.length === 0) return null;
  const said = signs.length === 1 ? signs[0] : `${signs.slice(0, -1).join(", ")} and ${signs.at(-1)}`;
  return {
    kind: "engagement",
    reason: `The client ${said}: they may be thinking about borrowing, a good moment to call.`,
    figures: {
      visitDays: e.visitDays,
      reportDownloads: e.reportDownloads,
      borrowingUses: e.borrowingUses,
      days: 7,
      visitDaysThreshold: ENGAGED_VISIT_DAYS,
    },
    // A signal, not an action: no money of its own (lib/portfolio/best.ts).
    worth: 0,
  };
}
