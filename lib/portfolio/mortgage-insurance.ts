/**
 * Whether a past client's mortgage insurance is a reason to call, by the rules of the loan's kind. Pure: the figures
 * of a refresh and what the officer imported in, a finding (or none) out.
 *
 * - Conventional (and jumbo) loans carry private mortgage insurance only when the loan was more than 80% of the home's
 *   original value. The borrower may ask to cancel it once the balance is 80% of the original value, and it ends by law
 *   at 78% or at the loan's midpoint (Homeowners Protection Act, 12 U.S.C. 4902). With the home's value up, Fannie Mae
 *   and Freddie Mac servicers also remove it on a new appraisal at 75% of today's value after two years, 80% after
 *   five.
 * - FHA loans carry an annual premium (MIP). Closed from June 3, 2013: for the life of the loan when the down payment
 *   was under 10%, 11 years otherwise (HUD Mortgagee Letter 2013-04). Closed 2001 to June 2, 2013: until the balance
 *   is 78% of the original value, after five years at least. Before 2001: for the life of the loan. The way out of a
 *   premium that stays is a refinance to a conventional loan once the loan is 80% of today's value or less.
 * - VA loans carry none. USDA's annual fee lasts the life of the loan: the way out is the same refinance.
 *
 * When what was imported cannot tell (the kind, whether there is insurance, the original figures), the finding says to
 * ask the client instead of claiming.
 */

import { formatDate, formatPercent } from "@/lib/format";

/** A loan at or under this share of today's value needs no mortgage insurance on a conventional refinance. */
export const NO_INSURANCE_LTV = 0.8;
/** Private mortgage insurance: the borrower may ask to cancel at this share of the original value… */
export const PMI_REQUEST_LTV = 0.8;
/** …and it ends by law at this one. */
export const PMI_AUTOMATIC_LTV = 0.78;
/** HPA's last word: it ends at the loan's midpoint, 15 years into a 30-year loan (the longest usual term). */
export const PMI_MIDPOINT_YEARS = 15;
/** FHA loans closed from this day keep their premium for the life of the loan, or 11 years with 10% down. */
export const FHA_2013 = "2013-06-03";
export const FHA_2001 = "2001-01-01";
export const FHA_LIFE_LTV = 0.9;
export const FHA_PREMIUM_YEARS = 11;

export type InsuranceRule =
  /** Conventional with PMI, the balance 80% of the original value or less: the borrower can ask to cancel. */
  | "pmi_request"
  /** Conventional with PMI, today's value high enough that a new appraisal removes it. */
  | "pmi_appraisal"
  /** FHA's premium stays: a conventional refinance drops it. */
  | "fha_refinance"
  /** USDA's fee stays for the loan's life: a conventional refinance drops it. */
  | "usda_refinance"
  /** What was imported cannot tell: ask the client. */
  | "ask";

/** The short tag each rule reads as in the client list, before the officer opens it. */
export const RULE_TAGS: Record<InsuranceRule, string> = {
  pmi_request: "PMI: cancel",
  pmi_appraisal: "PMI: appraisal",
  fha_refinance: "FHA MIP: refinance",
  usda_refinance: "USDA fee: refinance",
  ask: "MI? Ask client",
};

/** Each rule in full: the opened tag's title, the API's label and the officer's summary. */
export const RULE_LABELS: Record<InsuranceRule, string> = {
  pmi_request: "Mortgage insurance can be cancelled",
  pmi_appraisal: "Mortgage insurance removable on appraisal",
  fha_refinance: "FHA premium: refinance to drop it",
  usda_refinance: "USDA fee: refinance to drop it",
  ask: "Mortgage insurance? Ask the client",
};

export interface LoanFacts {
  /** Today's estimate of the home's value and the loans' balance. */
  value: number;
  balance: number;
  loanType: string | null;
  /** From the import: the loan's original amount, the home's value or price then, whether it carries insurance. */
  originalLoanAmount: number | null;
  originalValue: number | null;
  mortgageInsurance: boolean | null;
  /** YYYY-MM-DD. */
  closingDate: string | null;
}

export interface InsuranceFinding {
  rule: InsuranceRule;
  reason: string;
  figures: Record<string, number | string | null>;
}

const share = (n: number) => Math.round(n * 1_000_000) / 1_000_000;
const pct = (n: number) => formatPercent(n * 100, "ltv");
const whole = (n: number) => formatPercent(n * 100, "whole");

/** Whole years from a YYYY-MM-DD day to another, as a birthday counts them. */
export function yearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/** The year a loan closed, plus some years: the day its premium or insurance ends. */
const plusYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

export function mortgageInsuranceFinding(loan: LoanFacts, today: string): InsuranceFinding | null {
  if (loan.balance <= 0 || loan.value <= 0) return null;
  const ltv = share(loan.balance / loan.value);
  const originalLtv =
    loan.originalLoanAmount && loan.originalValue ? share(loan.originalLoanAmount / loan.originalValue) : null;
  const ofOriginal = loan.originalValue ? share(loan.balance / loan.originalValue) : null;
  const years = loan.closingDate ? yearsBetween(loan.closingDate, today) : null;
  const base = {
    value: loan.value,
    balance: loan.balance,
    ltv,
    originalLtv,
    loanType: loan.loanType,
    closingDate: loan.closingDate,
  };
  const type = loan.loanType;

  if (type === "va") return null;
  if (loan.mortgageInsurance === false) return null;

  if (type === "conventional" || type === "jumbo") {
    // Never had it: the loan was 80% of the home's value or less when it closed.
    if (originalLtv !== null && originalLtv <= PMI_REQUEST_LTV) return null;
    // Ended by law at the midpoint, or at 78% of the original value.
    if (years !== null && years >= PMI_MIDPOINT_YEARS) return null;
    if (ofOriginal !== null && ofOriginal <= PMI_AUTOMATIC_LTV) return null;
    const insured = loan.mortgageInsurance === true || (originalLtv !== null && originalLtv > PMI_REQUEST_LTV);
    if (insured && ofOriginal !== null && ofOriginal <= PMI_REQUEST_LTV) {
      return {
        rule: "pmi_request",
        reason: `The balance is ${pct(ofOriginal)} of the home's original value: the client can ask the servicer to cancel private mortgage insurance now (it ends by law at ${whole(PMI_AUTOMATIC_LTV)}).`,
        figures: { ...base, ofOriginal, threshold: PMI_REQUEST_LTV },
      };
    }
    // On today's value: 75% after two years, 80% after five (an unknown closing counts as the stricter).
    const appraisalLtv = years !== null && years >= 5 ? 0.8 : 0.75;
    const seasoned = years === null || years >= 2;
    if (insured && seasoned && ltv <= appraisalLtv) {
      return {
        rule: "pmi_appraisal",
        reason: `The loan is ${pct(ltv)} of today's value (${whole(appraisalLtv)} or below${years === null ? "" : ` after ${years} years`}): with a new appraisal the servicer removes private mortgage insurance.`,
        figures: { ...base, threshold: appraisalLtv },
      };
    }
    if (!insured && ltv <= NO_INSURANCE_LTV) {
      return {
        rule: "ask",
        reason: `The loan is ${pct(ltv)} of today's value. Whether it carries private mortgage insurance is not on file: if the client pays it, it can likely be removed. Ask the client.`,
        figures: { ...base, threshold: NO_INSURANCE_LTV },
      };
    }
    return null;
  }

  if (type === "fha") {
    if (ltv > NO_INSURANCE_LTV) return null;
    const ends = fhaPremiumEnds(loan.closingDate, originalLtv);
    if (ends === "unknown") {
      return {
        rule: "ask",
        reason: `The loan is ${pct(ltv)} of today's value. An FHA premium may last the life of the loan (it depends on the closing date and the down payment, not on file): ask the client; a conventional refinance would drop it.`,
        figures: { ...base, threshold: NO_INSURANCE_LTV },
      };
    }
    if (ends === "at 78%") {
      // Ended once the balance reached 78% of the original value after five years; unknown original value: ask.
      if (ofOriginal === null) {
        return {
          rule: "ask",
          reason: `An FHA loan closed before June 2013 drops its premium at 78% of the original value, which is not on file: ask the client whether they still pay it.`,
          figures: { ...base, threshold: PMI_AUTOMATIC_LTV },
        };
      }
      if (ofOriginal <= PMI_AUTOMATIC_LTV && years !== null && years >= 5) return null;
    } else if (ends !== "life" && ends <= today) return null;
    const until =
      ends === "life"
        ? "for the life of the loan"
        : ends === "at 78%"
          ? "until the balance is 78% of the original value"
          : `until ${formatDate(ends)}`;
    return {
      rule: "fha_refinance",
      reason: `The FHA premium stays ${until}; at ${pct(ltv)} of today's value a conventional refinance needs no mortgage insurance.`,
      figures: { ...base, premiumEnds: ends, threshold: NO_INSURANCE_LTV },
    };
  }

  if (type === "usda") {
    if (ltv > NO_INSURANCE_LTV) return null;
    return {
      rule: "usda_refinance",
      reason: `USDA's annual fee lasts the life of the loan; at ${pct(ltv)} of today's value a conventional refinance needs no mortgage insurance.`,
      figures: { ...base, threshold: NO_INSURANCE_LTV },
    };
  }

  // The kind is not on file, or "other": only what the client can tell.
  if (ltv > NO_INSURANCE_LTV) return null;
  return {
    rule: "ask",
    reason: `The loan is ${pct(ltv)} of today's value, but its kind${loan.mortgageInsurance ? "" : " and whether it carries mortgage insurance"} are not on file: ask the client; insurance could likely be removed or refinanced away.`,
    figures: { ...base, threshold: NO_INSURANCE_LTV },
  };
}

/**
 * When an FHA loan's annual premium ends: a day, for the life of the loan, at 78% of the original value, or unknown.
 */
export function fhaPremiumEnds(
  closingDate: string | null,
  originalLtv: number | null,
): string | "life" | "at 78%" | "unknown" {
  if (!closingDate) return "unknown";
  if (closingDate < FHA_2001) return "life";
  if (closingDate < FHA_2013) return "at 78%";
  if (originalLtv === null) return "unknown";
  return originalLtv > FHA_LIFE_LTV ? "life" : plusYears(closingDate, FHA_PREMIUM_YEARS);
}
