/**
 * What the opportunity rules read and return: one refresh's figures of a client's home, the organization's thresholds,
 * and an opportunity. Pure; opportunities.ts re-exports it.
 */

import { formatPercent, formatUsd } from "@/lib/format";
import { DEFAULT_REFINANCE_TERMS, type RefinanceTerms } from "./refinance";

export const OPPORTUNITY_KINDS = [
  "mortgage_insurance",
  "home_equity_line",
  "cash_out",
  "value_moved",
  "rate_refinance",
  "engagement",
] as const;
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];

export type OpportunityFigures = Record<string, number | string | null>;

export interface Opportunity {
  kind: OpportunityKind;
  reason: string;
  figures: OpportunityFigures;
  /**
   * What it is worth to the client, whole dollars a year (docs/portfolio.md, "Worth and the best action"): what ranks
   * a client's opportunities. 0 when it has no money of its own (a moved value, a question to ask, engagement).
   */
  worth: number;
}

/** The organization's thresholds (docs/portfolio.md): its settings, each the environment's default until set. */
export interface Thresholds extends RefinanceTerms {
  /** The organization's maximum combined LTV (0–1). */
  maxLtv: number;
  /** Least available equity, in dollars, for a home equity line. */
  helocMin: number;
  /** Least available equity, in dollars, for a cash-out refinance. */
  cashOutMin: number;
  /** Least change of value since the last refresh, as a share (0.05 = 5%). */
  valueMove: number;
  /** The organization's current note rate (today's rate for a rate-and-term refinance), in percent. */
  currentRate: number;
  /** The organization's offers, in percent a year: a home equity line, and a cash-out refinance. */
  helocRate: number;
  cashOutRate: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  ...DEFAULT_REFINANCE_TERMS,
  maxLtv: 0.8,
  helocMin: 25_000,
  cashOutMin: 50_000,
  valueMove: 0.05,
  currentRate: 6.25,
  // The offers' defaults (lib/services/platform/settings.ts DEFAULT_OFFERS).
  helocRate: 8.5,
  cashOutRate: 6.75,
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
  /** The loan's term in months, when known (30 years otherwise): the months left count from the closing date. */
  termMonths?: number | null;
  /** The day of the refresh, YYYY-MM-DD (UTC): how long ago the loan closed counts from it. */
  today?: string;
}

export const usd = (n: number) => formatUsd(Math.round(n));
/** A note or offer rate, in percent: "6.25%". */
export const rate = (percent: number) => formatPercent(percent, "rate");
/** A share (0.8) as the format module writes its kind: LTVs and changes to a tenth, thresholds whole. */
export const percent = (share: number, digits = 0) => formatPercent(share * 100, digits ? "ltv" : "whole");
// Ratios compared at the precision they are of a millionth, so exactly 80% is "80% or below" whatever the float says.
export const round6 = (n: number) => Math.round(n * 1_000_000) / 1_000_000;
/** Rates and their differences at a thousandth of a point, as they are set. */
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Combined LTV: the loans over the value (0 for a home without value). */
export const ltvOf = (f: Pick<ClientFigures, "value" | "balance">) => (f.value > 0 ? round6(f.balance / f.value) : 0);

/** What could be borrowed against the home at the maximum LTV: value × max LTV − loans, never below 0. */
export const availableAt = (f: Pick<ClientFigures, "value" | "balance">, maxLtv: number) =>
  Math.max(0, Math.round(f.value * maxLtv - f.balance));

export const todayOf = (f: ClientFigures) => f.today ?? new Date().toISOString().slice(0, 10);
