/**
 * The reasons to call a past client, as pure functions of one refresh's figures: each rule says whether it applies, why
 * in words, and the figures behind it. No I/O: lib/services/portfolio/portfolio.ts feeds them and keeps what they find.
 */

import { formatNumber, formatPercent, formatUsd } from "@/lib/format";
import { mortgageInsuranceFinding, RULE_LABELS, RULE_TAGS, type InsuranceRule } from "./mortgage-insurance";

export const OPPORTUNITY_KINDS = [
  "mortgage_insurance",
  "home_equity_line",
  "cash_out",
  "value_moved",
  "rate_refinance",
  "engagement",
] as const;
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];

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

export type OpportunityFigures = Record<string, number | string | null>;

export interface Opportunity {
  kind: OpportunityKind;
  reason: string;
  figures: OpportunityFigures;
}

/** The organization's thresholds; the defaults are the README's. */
export interface Thresholds {
  /** The organization's maximum combined LTV (0–1). */
  maxLtv: number;
  /** Least available equity, in dollars, for a home equity line. */
  helocMin: number;
  /** Least available equity, in dollars, for a cash-out refinance. */
  cashOutMin: number;
  /** Least change of value since the last refresh, as a share (0.05 = 5%). */
  valueMove: number;
  /** The organization's current note rate, in percent. */
  currentRate: number;
  /** Least margin of the client's rate above the current rate, in points. */
  rateMargin: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  maxLtv: 0.8,
  helocMin: 25_000,
  cashOutMin: 50_000,
  valueMove: 0.05,
  currentRate: 6.25,
  rateMargin: 0.75,
};

/** One refresh of a client's home, and what the officer knows of the loan. */
export interface ClientFigures {
  /** The service's estimate of the home's value. */
  value: number;
  /** The estimate at the refresh before this one, if there was one. */
  previousValue: number | null;
  /** The loans' total balance (the records', or the officer's when the records show none). */
  balance: number;
  /** The loan type the officer recorded, if any. */
  loanType: string | null;
  /** The client's note rate in percent, if known. */
  noteRate: number | null;
  /** What the officer imported of the loan when it closed, each when known: mortgage insurance's rules read them. */
  originalLoanAmount?: number | null;
  originalValue?: number | null;
  mortgageInsurance?: boolean | null;
  closingDate?: string | null;
  /** The day of the refresh, YYYY-MM-DD (UTC): how long ago the loan closed counts from it. */
  today?: string;
}

const usd = (n: number) => formatUsd(Math.round(n));
/** A share (0.8) as the format module writes its kind: LTVs and changes to a tenth, thresholds whole. */
const percent = (share: number, digits = 0) => formatPercent(share * 100, digits ? "ltv" : "whole");
// Ratios compared at the precision they are of a millionth, so exactly 80% is "80% or below" whatever the float says.
const round6 = (n: number) => Math.round(n * 1_000_000) / 1_000_000;

/** Combined LTV: the loans over the value (0 for a home without value). */
export const ltvOf = (f: Pick<ClientFigures, "value" | "balance">) => (f.value > 0 ? round6(f.balance / f.value) : 0);

/** What could be borrowed against the home at the maximum LTV: value × max LTV − loans, never below 0. */
export const availableAt = (f: Pick<ClientFigures, "value" | "balance">, maxLtv: number) =>
  Math.max(0, Math.round(f.value * maxLtv - f.balance));

/**
 * Mortgage insurance by the rules of the loan's kind (see mortgage-insurance.ts); "ask the client" when they cannot
 * tell.
 */
export function mortgageInsurance(f: ClientFigures): Opportunity | null {
  const found = mortgageInsuranceFinding(
    {
      value: f.value,
      balance: f.balance,
      loanType: f.loanType,
      originalLoanAmount: f.originalLoanAmount ?? null,
      originalValue: f.originalValue ?? null,
      mortgageInsurance: f.mortgageInsurance ?? null,
      closingDate: f.closingDate ?? null,
    },
    f.today ?? new Date().toISOString().slice(0, 10),
  );
  return found && { kind: "mortgage_insurance", reason: found.reason, figures: { rule: found.rule, ...found.figures } };
}

export function homeEquityLine(f: ClientFigures, t: Thresholds): Opportunity | null {
  const ltv = ltvOf(f);
  const available = availableAt(f, t.maxLtv);
  if (ltv >= t.maxLtv || available < t.helocMin) return null;
  return {
    kind: "home_equity_line",
    reason: `Combined LTV is ${percent(ltv, 1)}, under the ${percent(t.maxLtv)} limit: a home equity line of up to ${usd(available)} is available.`,
    figures: { value: f.value, balance: f.balance, ltv, maxLtv: t.maxLtv, available, minimum: t.helocMin },
  };
}

export function cashOut(f: ClientFigures, t: Thresholds): Opportunity | null {
  const available = availableAt(f, t.maxLtv);
  if (available < t.cashOutMin) return null;
  return {
    kind: "cash_out",
    reason: `${usd(available)} could be taken out at ${percent(t.maxLtv)} LTV (at least ${usd(t.cashOutMin)}): a cash-out refinance.`,
    figures: { value: f.value, balance: f.balance, maxLtv: t.maxLtv, available, minimum: t.cashOutMin },
  };
}

export function valueMoved(f: ClientFigures, t: Thresholds): Opportunity | null {
  if (!f.previousValue || f.previousValue <= 0) return null;
  const change = round6((f.value - f.previousValue) / f.previousValue);
  if (Math.abs(change) < t.valueMove) return null;
  const direction = change > 0 ? "up" : "down";
  return {
    kind: "value_moved",
    reason: `The home's estimated value moved ${direction} ${percent(Math.abs(change), 1)} since the last refresh (${percent(t.valueMove)} or more): equity and what the client could borrow moved with it.`,
    figures: { value: f.value, previousValue: f.previousValue, change, threshold: t.valueMove },
  };
}

export function rateRefinance(f: ClientFigures, t: Thresholds): Opportunity | null {
  if (f.noteRate === null || f.balance <= 0) return null;
  const margin = Math.round((f.noteRate - t.currentRate) * 1000) / 1000;
  if (margin < t.rateMargin) return null;
  return {
    kind: "rate_refinance",
    reason: `The client's rate of ${formatPercent(f.noteRate, "rate")} is ${formatNumber(margin, 2)} ${margin === 1 ? "point" : "points"} above today's ${formatPercent(t.currentRate, "rate")} (${t.rateMargin} or more): a rate-and-term refinance would lower the payment.`,
    figures: { balance: f.balance, noteRate: f.noteRate, currentRate: t.currentRate, margin, threshold: t.rateMargin },
  };
}

const RULES = [(f: ClientFigures) => mortgageInsurance(f), homeEquityLine, cashOut, valueMoved, rateRefinance];

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
  };
}
