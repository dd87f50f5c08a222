import { z } from "zod";
import { ROLES, STAFF } from "@/lib/auth/roles";
import { DbId } from "@/lib/db/id";
import { Email, Ltv, Password, RatePercent } from "./common";
import { SiteBody } from "./widget";

/** What the admin's routes and forms accept: staff accounts, the organization's settings and offers. */

const StaffRole = z.enum(STAFF, { error: `role must be ${STAFF.join(" or ")}` });
/**
 * A staff account: a password the admin hands over, or (`invite`) an emailed link for the person to choose their own.
 */
export const CreateUserBody = z
  .object({
    email: Email,
    role: StaffRole,
    password: Password.optional().describe("Required without `invite`; left out with it"),
    invite: z
      .boolean({ error: "invite must be true or false" })
      .default(false)
      .describe("Email the person a single-use link (3 days) to choose their own password, instead of setting one now"),
  })
  .superRefine((body, ctx) => {
    if (body.invite && body.password !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: "must be left out with invite: the person chooses their own",
      });
    if (!body.invite && body.password === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: "is required (or send invite: true to email them a link to choose one)",
      });
  });
export const RoleBody = z.object({
  role: z.enum(ROLES, { error: `role must be ${ROLES.slice(0, -1).join(", ")} or ${ROLES.at(-1)}` }),
});
export const UserIdParams = z.object({ userId: DbId });
/** The organization's current note rate in percent, 0–30 (3 decimals at most). */
const CurrentRate = z
  .number({ error: "must be a number" })
  .min(0, "must be at least 0%")
  .max(30, "must be at most 30%")
  .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, "must have at most 3 decimals");
const MAX_OPPORTUNITY_MIN = 10_000_000;
const Dollars = z
  .number({ error: "must be a whole number of dollars" })
  .int("must be a whole number of dollars")
  .min(0, "must be at least 0")
  .max(MAX_OPPORTUNITY_MIN, `must be at most ${MAX_OPPORTUNITY_MIN.toLocaleString("en-US")}`);
/** A number in [min, max] with at most 3 decimals, its unit in the messages ("%", " points"). */
const Decimal = (min: number, max: number, unit: string) =>
  z
    .number({ error: "must be a number" })
    .min(min, `must be at least ${min}${unit}`)
    .max(max, `must be at most ${max}${unit}`)
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, "must have at most 3 decimals");
const Months = (min: number, max: number) =>
  z
    .number({ error: "must be a whole number of months" })
    .int("must be a whole number of months")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
export const MaxLtvBody = z.object({ orgMaxLtv: Ltv });
export const OpportunityRulesBody = z.object({
  orgCurrentRate: CurrentRate.describe(
    "Current note rate in percent, 0–30: today's rate for a rate-and-term refinance and a premium's refinance",
  ),
  opportunityHelocMin: Dollars.describe("Least available equity in whole dollars for a home equity line"),
  opportunityCashOutMin: Dollars.describe("Least available equity in whole dollars for a cash-out refinance"),
  refinanceRateMargin: Decimal(0, 5, " points").describe(
    "Least fall of the rate, in points (0–5, 3 decimals), for a rate-and-term refinance",
  ),
  refinanceBreakEvenMonths: Months(1, 360).describe(
    "Months (1–360) within which a refinance's saving must repay its closing costs",
  ),
  closingCostPercent: Decimal(0, 10, "%").describe("Closing costs: percent of the new loan, 0–10 (3 decimals)"),
  closingCostFixed: Dollars.describe("Closing costs: whole dollars on top of the percent"),
  refinanceMinBalance: Dollars.describe("Least balance in whole dollars worth a refinance"),
  refinanceMinMonths: Months(0, 480).describe("Least months left on the loan worth a refinance, 0–480"),
});
/** Any of the settings; those left out stay as they are. */
export const SettingsBody = z
  .object({ orgMaxLtv: Ltv.describe("Maximum combined loan-to-value, 0.01–1"), ...OpportunityRulesBody.shape })
  .partial()
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    `give orgMaxLtv, ${Object.keys(OpportunityRulesBody.shape).slice(0, -1).join(", ")} or refinanceMinMonths`,
  );

export const MIN_TERM_YEARS = 1;
export const MAX_TERM_YEARS = 40;
const TermYears = z
  .number({ error: "must be a whole number of years" })
  .int("must be a whole number of years")
  .min(MIN_TERM_YEARS, `must be at least ${MIN_TERM_YEARS} year`)
  .max(MAX_TERM_YEARS, `must be at most ${MAX_TERM_YEARS} years`);
const Offer = z.object({
  ratePercent: RatePercent.describe("Yearly rate in percent, 0–25"),
  termYears: TermYears.describe("Term in whole years, 1–40"),
});
export const OffersBody = z.object({
  heloc: Offer.describe("Home equity line of credit (default 8.5% over 20 years)"),
  cashOut: Offer.describe("Cash-out refinance (default 6.75% over 30 years)"),
});

/** A form's text as a number; blank stays missing (NaN would read as "must be a number"). */
const number = (value: string) => (value.trim() === "" ? undefined : Number(value));

// In-app forms (server actions): what the form's fields say, as text, turned into the API's own bodies.
/** A staff member from the admin's form: invited by email unless "set a password now" is chosen. */
export const StaffForm = z
  .object({
    email: z.string().default(""),
    role: z.string().default(""),
    setup: z.string().default("invite"),
    password: z.string().default(""),
  })
  // The role as typed: CreateUserBody names a wrong one.
  .transform(
    ({ setup, password, ...rest }) =>
      (setup === "password" ? { ...rest, password } : { ...rest, invite: true }) as z.input<typeof CreateUserBody>,
  )
  .pipe(CreateUserBody);
/** The maximum LTV typed as a percentage. */
export const SettingsForm = z
  .object({
    // Checked as typed, in percent: the API's own words ("at most 1 (100%)") are about the ratio, which nobody typed
    // here.
    orgMaxLtv: z
      .string()
      .default("")
      .superRefine((typed, context) => {
        const percent = Number(typed);
        const problem = !typed.trim()
          ? "is required"
          : !Number.isFinite(percent)
            ? "must be a number"
            : percent < 1
              ? "must be at least 1%"
              : percent > 100
                ? "must be at most 100%"
                : undefined;
        if (problem) context.addIssue({ code: "custom", message: `The maximum loan-to-value ${problem}.` });
      }),
  })
  .transform((form) => ({ orgMaxLtv: Number(form.orgMaxLtv) / 100 }))
  .pipe(MaxLtvBody);
/** The origins typed on one line, separated by spaces or commas; the budget as text. */
export const SiteForm = z
  .object({ name: z.string().default(""), origins: z.string().default(""), budget: z.string().default("") })
  .transform((form) => ({
    name: form.name,
    allowedOrigins: form.origins.split(/[\s,]+/).filter(Boolean),
    dailyBudget: Number(form.budget),
  }))
  .pipe(SiteBody);
/** The offers typed as percentages and years, one field each. */
export const OffersForm = z
  .object({
    helocRate: z.string().default(""),
    helocTerm: z.string().default(""),
    cashOutRate: z.string().default(""),
    cashOutTerm: z.string().default(""),
  })
  .transform((form) => ({
    heloc: { ratePercent: number(form.helocRate), termYears: number(form.helocTerm) },
    cashOut: { ratePercent: number(form.cashOutRate), termYears: number(form.cashOutTerm) },
  }))
  .pipe(OffersBody);
/** The current rate typed as a percentage, the minimums as dollars. */
export const OpportunityRulesForm = z
  .object({
    orgCurrentRate: z.string().default(""),
    opportunityHelocMin: z.string().default(""),
    opportunityCashOutMin: z.string().default(""),
    refinanceRateMargin: z.string().default(""),
    refinanceBreakEvenMonths: z.string().default(""),
    closingCostPercent: z.string().default(""),
    closingCostFixed: z.string().default(""),
    refinanceMinBalance: z.string().default(""),
    refinanceMinMonths: z.string().default(""),
  })
  .transform((form) => ({
    orgCurrentRate: number(form.orgCurrentRate),
    opportunityHelocMin: number(form.opportunityHelocMin),
    opportunityCashOutMin: number(form.opportunityCashOutMin),
    refinanceRateMargin: number(form.refinanceRateMargin),
    refinanceBreakEvenMonths: number(form.refinanceBreakEvenMonths),
    closingCostPercent: number(form.closingCostPercent),
    closingCostFixed: number(form.closingCostFixed),
    refinanceMinBalance: number(form.refinanceMinBalance),
    refinanceMinMonths: number(form.refinanceMinMonths),
  }))
  .pipe(OpportunityRulesBody);
