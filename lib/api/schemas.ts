import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { DbId, bodyDbId } from "@/lib/api/schemas/db-id";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { ROLES, STAFF } from "@/lib/auth/roles";
import { AUDIT_OUTCOMES } from "@/lib/db/schema";
import { DISMISS_REASONS, OPPORTUNITY_KINDS, type DismissReason } from "@/lib/portfolio/opportunities";
import { isSafeOrigin } from "@/lib/security/origins";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/services/audit";
import { CLIENT_SEARCH_WORDS, CLIENT_SORTS, CLIENTS_PAGE_SIZE } from "@/lib/services/clients";

/** The app's own API: what each route accepts. The OpenAPI document is generated from these. */

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const Address = text("address", 300).describe("A full address: street, city, state and ZIP code");
/**
 * A loan-to-value ratio: a JSON number from 0.01 to 1. No coercion: `true`, `[0.6]` and `"0x1"` are not ratios, and a
 * tiny number such as 1e-300 is refused here rather than by the database's real column.
 */
const Ltv = z.number({ error: "must be a number" }).min(0.01, "must be at least 0.01 (1%)").max(1, "must be at most 1 (100%)");
/** The request's `maxLTV`: a number, or a plain decimal string ("0.8") as the service's own API takes it. */
const LtvParam = z.union(
  [
    Ltv,
    z
      .string()
      .regex(/^\d*\.?\d+$/)
      .transform(Number)
      .pipe(Ltv),
  ],
  { error: "must be a number from 0.01 to 1" },
);

export const NormalizeBody = z.object({
  requests: z
    .array(
      z.object({
        street: text("street", 200),
        city: text("city", 100),
        state: text("state", 50),
        // Optional, as in a single lookup: the service finds it from the street and city, or says it is missing.
        zip: z.string({ error: "zip must be text" }).trim().max(10, "zip must be at most 10 characters").default(""),
        requestId: z
          .union([z.string().max(100), z.number()])
          .nullable()
          .optional(),
      }),
    )
    .min(1, "list at least one address")
    .max(100, "at most 100 addresses at a time"),
});

export const VerifyBody = z.object({ firstName: text("firstName", 100), lastName: text("lastName", 100), address: Address });
export const AddressBody = z.object({ address: Address });
export const EquityBody = z.object({ address: Address, maxLTV: LtvParam.optional().describe("Maximum loan-to-value; the organization's when omitted") });
export const AddressQuery = z.object({ address: Address });
export const ReportQuery = z.object({
  address: Address,
  applicant_name: text("applicant_name", 200),
  format: z.enum(["pdf", "html", "json"], { error: "format must be pdf, html or json" }).default("pdf"),
});
export const OwnerBody = z.object({ firstName: text("firstName", 100), lastName: text("lastName", 100), address: Address });

const Email = z
  .email("must be an email address")
  .max(320)
  .transform((email) => email.toLowerCase());
const Password = z
  .string({ error: "password is required" })
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
export const SignUpBody = z.object({ email: Email, password: Password });
const StaffRole = z.enum(STAFF, { error: `role must be ${STAFF.join(" or ")}` });
/** A staff account: a password the admin hands over, or (`invite`) an emailed link for the person to choose their own. */
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
      ctx.addIssue({ code: "custom", path: ["password"], message: "must be left out with invite: the person chooses their own" });
    if (!body.invite && body.password === undefined)
      ctx.addIssue({ code: "custom", path: ["password"], message: "is required (or send invite: true to email them a link to choose one)" });
  });
export const RoleBody = z.object({ role: z.enum(ROLES, { error: `role must be ${ROLES.slice(0, -1).join(", ")} or ${ROLES.at(-1)}` }) });
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
export const MaxLtvBody = z.object({ orgMaxLtv: Ltv });
export const OpportunityRulesBody = z.object({
  orgCurrentRate: CurrentRate.describe("Current note rate in percent, 0–30: a client's rate 0.75 point above it is a rate-and-term refinance"),
  opportunityHelocMin: Dollars.describe("Least available equity in whole dollars for a home equity line"),
  opportunityCashOutMin: Dollars.describe("Least available equity in whole dollars for a cash-out refinance"),
});
/** Any of the settings; those left out stay as they are. */
export const SettingsBody = z
  .object({ orgMaxLtv: Ltv.describe("Maximum combined loan-to-value, 0.01–1"), ...OpportunityRulesBody.shape })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), "give orgMaxLtv, orgCurrentRate, opportunityHelocMin or opportunityCashOutMin");

/** A yearly rate in percent, 0–25 (3 decimals at most, as lenders quote them). */
const RatePercent = z
  .number({ error: "must be a number" })
  .min(0, "must be at least 0%")
  .max(25, "must be at most 25%")
  .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, "must have at most 3 decimals");
export const MIN_TERM_YEARS = 1;
export const MAX_TERM_YEARS = 40;
const TermYears = z
  .number({ error: "must be a whole number of years" })
  .int("must be a whole number of years")
  .min(MIN_TERM_YEARS, `must be at least ${MIN_TERM_YEARS} year`)
  .max(MAX_TERM_YEARS, `must be at most ${MAX_TERM_YEARS} years`);
const Offer = z.object({ ratePercent: RatePercent.describe("Yearly rate in percent, 0–25"), termYears: TermYears.describe("Term in whole years, 1–40") });
export const OffersBody = z.object({
  heloc: Offer.describe("Home equity line of credit (default 8.5% over 20 years)"),
  cashOut: Offer.describe("Cash-out refinance (default 6.75% over 30 years)"),
});

/** A loan as the owner says it is today: paid off, or today's balance and rate. */
const LoanFiguresBody = z
  .strictObject({
    paidOff: z.boolean({ error: "must be true or false" }).optional(),
    balance: z
      .number({ error: "must be a number" })
      .min(0, "must be at least 0")
      .max(100_000_000, "must be at most 100,000,000")
      .optional()
      .describe("Today's balance in dollars"),
    ratePercent: RatePercent.optional().describe("Today's yearly rate in percent, 0–25"),
  })
  .refine((loan) => loan.paidOff !== undefined || loan.balance !== undefined || loan.ratePercent !== undefined, "give paidOff, balance or ratePercent");
export const CONDITIONS = ["poor", "good", "excellent"] as const;
export const OwnerFiguresBody = z.object({
  condition: z
    .enum(CONDITIONS, { error: "condition must be poor, good or excellent" })
    .nullable()
    .default(null)
    .describe("The home's condition; null or left out for none"),
  loans: z
    .record(z.string().min(1).max(100), LoanFiguresBody)
    .default({})
    .refine((loans) => Object.keys(loans).length <= 3, "at most 3 loans")
    .describe("By the loan's ID in the equity summary (its position, primary, second or third, when it has none)"),
});
export const PropertyIdParams = z.object({ propertyId: DbId });

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});

/** An origin a site embeds from: scheme, host and port, nothing else. */
const Origin = z.string({ error: "must be an origin such as https://bank.example" }).transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an origin such as https://bank.example" });
    return z.NEVER;
  }
  if (!/^https?:$/.test(url.protocol)) ctx.addIssue({ code: "custom", message: "must be http or https" });
  else if (url.pathname !== "/" || url.search || url.hash) ctx.addIssue({ code: "custom", message: "must be an origin, without a path" });
  else if (!isSafeOrigin(url.origin)) ctx.addIssue({ code: "custom", message: "must be a plain host name: letters, digits, dots and hyphens, no wildcard" });
  return url.origin;
});

export const SiteBody = z.object({
  name: text("name", 100),
  allowedOrigins: z.array(Origin).min(1, "list at least one origin").max(20, "at most 20 origins"),
  dailyBudget: z.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(1_000_000),
  officerId: bodyDbId("must be a staff member's id").optional().describe("The loan officer the widget's leads go to (else the organization's default officer)"),
});

export const WidgetBody = z.object({ key: text("key", 100), address: Address });

export const WidgetQuery = z.object({
  key: text("key", 100),
  address: z.string().trim().max(300).optional(),
  accent: z
    .string()
    .regex(/^#?[0-9a-fA-F]{6}$/, "accent must be a colour like 0f5132")
    .transform((value) => `#${value.replace("#", "")}`)
    .optional(),
  theme: z.enum(["light", "dark"], { error: "theme must be light or dark" }).default("light"),
  parent: z.string().max(300).optional(),
});

export const InviteBody = z.object({
  email: Email,
  firstName: text("firstName", 100),
  lastName: text("lastName", 100),
  address: Address,
  locale: z
    .enum(LOCALES, { error: "locale must be en or es" })
    .default("en")
    .describe("The client's language: the invitation's mail, then their account's pages and mail (en when absent)"),
});
const Token = text("token", 200);
export const AcceptInvitationBody = z.object({
  token: Token,
  // Required by the invitation itself (after its token is found): a new account's password, or the new one of the
  // account the email already has.
  password: z
    .string()
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional()
    .describe("The account's password: a new account's, or the new one of the account the email already has (required)"),
});
export const EmailVerificationBody = z.object({ token: Token });
export const ReauthenticateBody = z.object({
  password: z.string({ error: "password is required" }).min(1, "is required").max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`),
});
export const CodeBody = z.object({
  code: z
    .string({ error: "code is required" })
    .trim()
    .regex(/^\d{6}$/, "must be the 6 digits printed in the letter"),
  address: Address.optional().describe("The home the code is for, when several wait for proof"),
});
export const LetterQuery = z.object({
  address: Address.optional().describe("The home to mail the code to, when several wait for proof"),
});
export const ResetRequestBody = z.object({ email: Email });
export const ResetBody = z.object({ token: Token, password: Password });
export const ChangePasswordBody = z.object({
  currentPassword: z.string({ error: "currentPassword is required" }).min(1, "currentPassword is required").max(MAX_PASSWORD_LENGTH),
  newPassword: Password,
});
export const OutboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  kind: z.enum(["email", "letter"], { error: "kind must be email or letter" }).optional(),
});

/**
 * The months an admin may run the digests for: this one and the previous (UTC). An older month would mail every
 * homeowner figures that are no longer theirs; a later one, figures that do not exist yet.
 */
export function digestMonths(now = new Date()): [string, string] {
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return [now.toISOString().slice(0, 7), previous.toISOString().slice(0, 7)];
}

export const JobRunBody = z.object({
  name: z.enum(["housekeeping", "homeowner-digests", "client-refreshes", "officer-summaries", "lead-summaries"], {
    error: "name must be housekeeping, homeowner-digests, client-refreshes, officer-summaries or lead-summaries",
  }),
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "period must be a month as YYYY-MM")
    .refine((period) => digestMonths().includes(period), { error: () => `period must be this month or the previous one (${digestMonths().join(" or ")})` })
    .optional()
    .describe("The month the run is for (digests): this month or the previous one (UTC); this month when not given"),
  day: z.iso.date("day must be a date as YYYY-MM-DD").optional().describe("The day the run is for (officer and lead summaries); today when not given"),
});

export const UnsubscribeQuery = z.object({
  u: DbId,
  k: z.enum(["monthly_digest", "daily_summary"], { error: "k must be monthly_digest or daily_summary" }),
  t: z.string().min(1, "t is required").max(100),
});

export const MailPreferencesBody = z
  .object({ monthlyDigest: z.boolean().optional(), dailySummary: z.boolean().optional() })
  .refine((body) => body.monthlyDigest !== undefined || body.dailySummary !== undefined, { error: "give monthlyDigest or dailySummary" });

export const RefreshBudgetBody = z.object({
  monthlyBudget: z.number({ error: "monthlyBudget must be a number" }).int("monthlyBudget must be a whole number").min(0).max(1_000_000),
});

/** What the browser reports of a homeowner's engagement (visits and downloads are recorded by the server itself). */
export const EngagementBody = z.object({ kind: z.literal("borrowing_used", { error: "kind must be borrowing_used" }) });

export const JobRetryBody = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  id: z.uuid({ error: "id must be a job id" }),
});

/** A form's text as a number; blank stays missing (NaN would read as "must be a number"). */
const number = (value: string) => (value.trim() === "" ? undefined : Number(value));

// In-app forms (server actions): what the form's fields say, as text, turned into the API's own bodies.
/** A staff member from the admin's form: invited by email unless "set a password now" is chosen. */
export const StaffForm = z
  .object({ email: z.string().default(""), role: z.string().default(""), setup: z.string().default("invite"), password: z.string().default("") })
  // The role as typed: CreateUserBody names a wrong one.
  .transform(({ setup, password, ...rest }) => (setup === "password" ? { ...rest, password } : { ...rest, invite: true }) as z.input<typeof CreateUserBody>)
  .pipe(CreateUserBody);
/** The maximum LTV typed as a percentage. */
export const SettingsForm = z
  .object({
    // Checked as typed, in percent: the API's own words ("at most 1 (100%)") are about the ratio, which nobody typed here.
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
  .transform((form) => ({ name: form.name, allowedOrigins: form.origins.split(/[\s,]+/).filter(Boolean), dailyBudget: Number(form.budget) }))
  .pipe(SiteBody);
/** The offers typed as percentages and years, one field each. */
export const OffersForm = z
  .object({ helocRate: z.string().default(""), helocTerm: z.string().default(""), cashOutRate: z.string().default(""), cashOutTerm: z.string().default("") })
  .transform((form) => ({
    heloc: { ratePercent: number(form.helocRate), termYears: number(form.helocTerm) },
    cashOut: { ratePercent: number(form.cashOutRate), termYears: number(form.cashOutTerm) },
  }))
  .pipe(OffersBody);
/** The current rate typed as a percentage, the minimums as dollars. */
export const OpportunityRulesForm = z
  .object({ orgCurrentRate: z.string().default(""), opportunityHelocMin: z.string().default(""), opportunityCashOutMin: z.string().default("") })
  .transform((form) => ({
    orgCurrentRate: number(form.orgCurrentRate),
    opportunityHelocMin: number(form.opportunityHelocMin),
    opportunityCashOutMin: number(form.opportunityCashOutMin),
  }))
  .pipe(OpportunityRulesBody);
export const HealthQuery = z.object({ deep: z.string().optional().describe("Present (any value): check the database, the cache and the service too") });

export { DbId, MAX_DB_ID } from "@/lib/api/schemas/db-id";
export const ClientIdParams = z.object({ clientId: DbId });
export const OpportunityIdParams = z.object({ opportunityId: DbId });
/** A CSV of past clients as text; the row cap (2,000) is checked when it is read, as a 400 naming `csv`. */
export const ClientImportBody = z.object({
  csv: z
    .string({ error: "csv is required" })
    .min(1, "csv is required")
    .max(1_000_000, "csv must be at most 1 MB")
    .describe("The CSV file's text, header row first"),
});
export const ClientBody = z.object({
  firstName: text("firstName", 100),
  lastName: text("lastName", 100),
  email: Email.optional(),
  address: Address,
  loanBalance: z.number({ error: "must be a number of dollars" }).min(0, "must be 0 or more").max(100_000_000, "must be at most 100,000,000").optional(),
  noteRate: z.number({ error: "must be a rate in percent" }).gt(0, "must be above 0").max(25, "must be at most 25 (percent)").optional(),
  loanType: z.enum(["conventional", "fha", "va", "usda", "jumbo", "other"], { error: "must be conventional, fha, va, usda, jumbo or other" }).optional(),
  closingDate: z.iso.date("must be a date as YYYY-MM-DD").optional(),
  originalLoanAmount: z
    .number({ error: "must be a number of dollars" })
    .min(0, "must be 0 or more")
    .max(100_000_000, "must be at most 100,000,000")
    .optional()
    .describe("The loan's amount when it closed"),
  originalValue: z
    .number({ error: "must be a number of dollars" })
    .min(0, "must be 0 or more")
    .max(100_000_000, "must be at most 100,000,000")
    .optional()
    .describe("The home's appraised value or purchase price when the loan closed"),
  mortgageInsurance: z.boolean({ error: "must be true or false" }).optional().describe("Whether the loan carries mortgage insurance (PMI, MIP or USDA's fee)"),
});
export const ClientsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, "q must be at most 200 characters")
    .refine((q) => q.split(/\s+/).length <= CLIENT_SEARCH_WORDS, `q must be at most ${CLIENT_SEARCH_WORDS} words`)
    .optional()
    .describe(`Up to ${CLIENT_SEARCH_WORDS} words, each found in the name, email or address (any case)`),
  sort: z
    .enum(CLIENT_SORTS, { error: "sort must be equity, name or refreshed" })
    .default("equity")
    .describe("equity: the most available equity first (never refreshed last); name: by last name; refreshed: the longest since a refresh first"),
  page: z.coerce
    .number({ error: "page must be a page number" })
    .int("page must be a page number")
    .min(1, "page must be 1 or more")
    .max(100_000, "page must be at most 100,000")
    .default(1),
  size: z.coerce
    .number({ error: "size must be a number of clients" })
    .int("size must be a whole number of clients")
    .min(1, "size must be 1 or more")
    .max(500, "size must be at most 500")
    .default(CLIENTS_PAGE_SIZE),
  kind: z
    .enum(OPPORTUNITY_KINDS, { error: `kind must be ${OPPORTUNITY_KINDS.join(", ")}` })
    .optional()
    .describe("Only clients with an opportunity of this kind, open or contacted"),
});
const OpportunityKind = z.enum(["mortgage_insurance", "home_equity_line", "cash_out", "value_moved", "rate_refinance", "engagement"], {
  error: "must be mortgage_insurance, home_equity_line, cash_out, value_moved, rate_refinance or engagement",
});
export const OpportunitiesQuery = z.object({
  kind: OpportunityKind.optional(),
  status: z.enum(["open", "contacted", "dismissed"], { error: "must be open, contacted or dismissed" }).optional(),
});
export const OpportunityStatusBody = z
  .object({
    status: z.enum(["open", "contacted", "dismissed"], { error: "must be open, contacted or dismissed" }),
    reason: z
      .enum(Object.keys(DISMISS_REASONS) as [DismissReason, ...DismissReason[]], { error: `must be one of ${Object.keys(DISMISS_REASONS).join(", ")}` })
      .optional()
      .describe(
        "Why it is dismissed (required with status dismissed): " +
          Object.entries(DISMISS_REASONS)
            .map(([k, v]) => `${k} (${v})`)
            .join(", "),
      ),
    note: z
      .string({ error: "note must be text" })
      .trim()
      .max(200, "note must be at most 200 characters")
      .refine(
        (note) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(note),
        "note must not hold control characters or text-direction overrides",
      )
      .transform((note) => note || undefined)
      .optional()
      .describe("The officer's own words after the reason, at most 200 characters (blank: none)"),
  })
  .superRefine((body, ctx) => {
    if (body.status === "dismissed" && !body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "is required to dismiss an opportunity" });
    if (body.status !== "dismissed" && (body.reason || body.note)) ctx.addIssue({ code: "custom", path: ["reason"], message: "is only for a dismissal" });
  });

/** A code from an authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const OneTimeCode = z
  .string({ error: "code must be text" })
  .trim()
  .min(6, "code must be the 6 digits of the app, or a recovery code")
  .max(32, "code must be the 6 digits of the app, or a recovery code");
/** A WebAuthn answer from the browser (@simplewebauthn/browser's JSON); the library checks its inside. */
const WebAuthnAnswer = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key", { error: "type must be public-key" }),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
  clientExtensionResults: z.looseObject({}).default({}),
});
export const FactorCodeBody = z.object({ code: OneTimeCode });
export const SecondFactorBody = z
  .object({ code: OneTimeCode.optional(), passkey: WebAuthnAnswer.optional() })
  .refine((body) => !!body.code !== !!body.passkey, { message: "send either code or passkey", path: ["code"] });
const PasskeyName = z.string({ error: "name must be text" }).trim().min(1, "name is required").max(60, "name must be 60 characters at most");
export const PasskeyBody = z.object({
  name: PasskeyName,
  response: WebAuthnAnswer.extend({
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096), attestationObject: z.string().min(1).max(16_384) }),
  }),
});
export const PasskeyRenameBody = z.object({ name: PasskeyName });
export const PasskeyParams = z.object({ passkeyId: z.string().regex(/^[\w-]{1,1024}$/, "passkeyId must be a passkey's id") });

/**
 * A moment of the log's filters: a date (YYYY-MM-DD, in UTC) or an ISO date and time. A date as `to` means the end of
 * that day, so "from 3 May to 3 May" is the whole of 3 May.
 */
const LogInstant = (field: string, edge: "start" | "end") =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${field} must be a date as YYYY-MM-DD, or an ISO date and time` })
    .transform((value) => (value.length === 10 ? new Date(`${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`) : new Date(value)));
const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
export const AuditQuery = z
  .object({
    actor: z.string().trim().max(320, "actor must be at most 320 characters").optional().describe("The email of who acted (exact, any case)"),
    propertyId: z.string().trim().max(40, "propertyId must be at most 40 characters").optional().describe("The property's id"),
    address: z.string().trim().max(300, "address must be at most 300 characters").optional().describe("Part of the standardized address"),
    action: z.enum(AUDIT_ACTION_NAMES, { error: "action must be one of the log's actions (see /admin/audit)" }).optional(),
    outcome: z.enum(AUDIT_OUTCOMES, { error: "outcome must be allowed, refused or failed" }).optional(),
    from: LogInstant("from", "start").optional().describe("From this moment; a date is from its start (UTC)"),
    to: LogInstant("to", "end").optional().describe("Up to this moment; a date includes the whole day (UTC)"),
    before: z.coerce
      .number({ error: "before must be an event id" })
      .int("before must be an event id")
      .positive("before must be an event id")
      .optional()
      .describe("The next page: the previous answer's nextBefore"),
    limit: z.coerce
      .number({ error: "limit must be a whole number from 1 to 200" })
      .int("limit must be a whole number from 1 to 200")
      .min(1, "limit must be a whole number from 1 to 200")
      .max(200, "limit must be a whole number from 1 to 200")
      .default(50),
    format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json").describe("csv: every matching event as one file"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], error: "to must not be before from" });

/** Deleting one's account: the password, or nothing when a second factor was given in the last STEP_UP_MINUTES. */
export const DeleteAccountBody = z.object({
  password: z
    .string({ error: "password must be text" })
    .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional()
    .describe("The account's password; an account with a second factor gives a step-up instead (POST /api/account/second-factor)"),
});

/** The widget's "Get my full report" form (POST /api/widget/leads). */
export const WidgetLeadBody = z.object({
  key: text("key", 100),
  address: Address,
  name: text("name", 100),
  email: Email,
  phone: z.string().trim().max(40, "phone must be at most 40 characters").optional().describe("Optional; with it, `consent` must be true"),
  consent: z.boolean({ error: "consent must be true or false" }).optional().describe("The visitor ticked the consent to be called or texted"),
  page: z.string().trim().max(500, "page must be at most 500 characters").optional().describe("The page the form was on (kept with a consent)"),
  website: z.string().max(300).optional().describe("Leave empty: a field people do not see"),
  challenge: text("challenge", 400).describe("From GET /api/widget/leads/challenge"),
  solution: text("solution", 100).describe("A suffix whose SHA-256 with the challenge (`challenge:solution`) starts with `bits` zero bits"),
});
export const WidgetChallengeQuery = z.object({ key: text("key", 100) });
/** A report link's token (the `/report?token=` of the mail). */
export const ReportLinkQuery = z.object({ token: z.string({ error: "token is required" }).regex(/^[\w-]{20,100}$/, "token is not a report link's") });
