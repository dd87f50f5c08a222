import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { DISMISS_REASONS, OPPORTUNITY_KINDS, type DismissReason } from "@/lib/portfolio/opportunities";
import { CLIENT_SEARCH_WORDS, CLIENT_SORTS, CLIENTS_PAGE_SIZE } from "@/lib/services/portfolio/clients";
import { DbId } from "@/lib/db/id";
import { CLIENT_NOTE_MAX } from "@/lib/portfolio/notes";
import { Address, Email, text } from "./common";

/** What the loan officers' routes accept: clients, their invitations and imports, and the portfolio's opportunities. */

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
export const ClientIdParams = z.object({ clientId: DbId });
/** An officer's note on a client: kept as written, 1 to 2,000 characters. */
export const ClientNoteBody = z.object({
  body: z
    .string({ error: "body is required" })
    .trim()
    .min(1, "body is required")
    .max(CLIENT_NOTE_MAX, `body must be at most ${CLIENT_NOTE_MAX.toLocaleString("en-US")} characters`)
    .describe("The note, 1 to 2,000 characters (spaces around it are dropped)"),
});
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
  phone: z
    .string({ error: "must be text" })
    .trim()
    .max(40, "must be at most 40 characters")
    .transform((phone) => phone || undefined)
    .optional()
    .describe("The client's phone: a US number as people write it, another country's with + (kept as E.164)"),
  address: Address,
  loanBalance: z
    .number({ error: "must be a number of dollars" })
    .min(0, "must be 0 or more")
    .max(100_000_000, "must be at most 100,000,000")
    .optional(),
  noteRate: z
    .number({ error: "must be a rate in percent" })
    .gt(0, "must be above 0")
    .max(25, "must be at most 25 (percent)")
    .optional(),
  loanType: z
    .enum(["conventional", "fha", "va", "usda", "jumbo", "other"], {
      error: "must be conventional, fha, va, usda, jumbo or other",
    })
    .optional(),
  closingDate: z.iso.date("must be a date as YYYY-MM-DD").optional(),
  termMonths: z
    .number({ error: "must be a number of months" })
    .int("must be a whole number of months")
    .min(12, "must be at least 12 (months)")
    .max(480, "must be at most 480 (months)")
    .optional()
    .describe("The loan's term in months (360 for 30 years)"),
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
  mortgageInsurance: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Whether the loan carries mortgage insurance (PMI, MIP or USDA's fee)"),
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
    .describe(
      "equity: the most available equity first (never refreshed last); name: by last name; refreshed: the longest since a refresh first",
    ),
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
const OpportunityKind = z.enum(
  ["mortgage_insurance", "home_equity_line", "cash_out", "value_moved", "rate_refinance", "engagement"],
  {
    error: "must be mortgage_insurance, home_equity_line, cash_out, value_moved, rate_refinance or engagement",
  },
);
export const OpportunitiesQuery = z.object({
  kind: OpportunityKind.optional(),
  status: z.enum(["open", "contacted", "dismissed"], { error: "must be open, contacted or dismissed" }).optional(),
});
export const OpportunityStatusBody = z
  .object({
    status: z.enum(["open", "contacted", "dismissed"], { error: "must be open, contacted or dismissed" }),
    reason: z
      .enum(Object.keys(DISMISS_REASONS) as [DismissReason, ...DismissReason[]], {
        error: `must be one of ${Object.keys(DISMISS_REASONS).join(", ")}`,
      })
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
    if (body.status === "dismissed" && !body.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "is required to dismiss an opportunity" });
    if (body.status !== "dismissed" && (body.reason || body.note))
      ctx.addIssue({ code: "custom", path: ["reason"], message: "is only for a dismissal" });
  });
