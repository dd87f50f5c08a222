import { z } from "zod";
import { DbId } from "@/lib/db/id";
import { LOCALES } from "@/lib/i18n/locales";
import { LEAD_KINDS, LEAD_STATUSES } from "@/lib/leads/rules";
import { ErrorBody } from "./common";

/** The leads API's inputs and answers (the OpenAPI document is generated from these). */

export { LeadBody } from "@/lib/leads/rules";

/** Leads on one page at most: a page of the app shows no more (more would be an export). */
export const LEADS_PAGE_SIZE = 25;

export const LeadsQuery = z.object({
  status: z
    .enum(LEAD_STATUSES, { error: "status must be new, contacted, won, lost or spam" })
    .optional()
    .describe("Only leads with this status"),
  page: z.coerce
    .number({ error: "page must be a page number" })
    .int("page must be a page number")
    .min(1, "page must be 1 or more")
    .max(100_000, "page must be at most 100,000")
    .default(1),
  size: z.coerce
    .number({ error: "size must be a number of leads" })
    .int("size must be a whole number of leads")
    .min(1, "size must be 1 or more")
    .max(50, "size must be at most 50")
    .default(LEADS_PAGE_SIZE),
});

export const LeadIdParams = z.object({
  leadId: DbId,
});

export const LeadStatusBody = z.object({
  status: z.enum(["contacted", "won", "lost", "spam"], { error: "status must be contacted, won, lost or spam" }),
});

export const LeadMailBody = z.object({
  leadMail: z
    .enum(["each", "daily"], { error: "leadMail must be each or daily" })
    .describe("each: an email per new lead; daily: one summary a day"),
});
export const LeadMail = LeadMailBody;

const Kind = z.enum([...LEAD_KINDS, "report"]);
const Status = z.enum(LEAD_STATUSES);
const Figures = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));

export const HomeownerLead = z.object({
  id: z.number(),
  kind: Kind,
  propertyId: z.number().nullable(),
  address: z.string().nullable(),
  scenario: z
    .union([z.string(), z.number()])
    .nullable()
    .describe("The scenario a quote is for (heloc, cash_out, rate_refinance, pmi_removal)"),
  officerName: z.string().nullable(),
  status: Status,
  statusWords: z.string().describe("The status as the homeowner reads it"),
  createdAt: z.string(),
});
export const HomeownerLeads = z.object({ leads: z.array(HomeownerLead) });

export const LeadSent = z.object({ lead: HomeownerLead });
export const LeadRefused = ErrorBody.extend({
  lead: HomeownerLead.optional().describe("already_sent: the lead of this kind the homeowner sent today"),
});

export const Lead = z.object({
  id: z.number(),
  kind: Kind,
  source: z.enum(["dashboard", "embed", "widget", "digest"]),
  status: Status,
  propertyId: z.number().nullable(),
  address: z.string().nullable(),
  homeownerId: z.number().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  phone: z.string().nullable().describe("E.164; only with consent"),
  bestTime: z.string().nullable(),
  timeZone: z.string().nullable().describe("The home's time zone (IANA)"),
  scenario: Figures.nullable().describe("The scenario a quote is for, with the figures the homeowner saw"),
  consent: z
    .object({
      text: z.string(),
      locale: z
        .enum(LOCALES)
        .optional()
        .describe("The language the words were shown and stored in (absent: English, before the app spoke Spanish)"),
      at: z.string(),
      ip: z.string().nullable(),
      page: z.string(),
    })
    .nullable()
    .describe("The consent's exact words, their language, time, client address and page"),
  officerId: z.number().nullable(),
  officerName: z.string().nullable(),
  statusChangedBy: z.number().nullable(),
  statusChangedAt: z.string().nullable(),
  held: z
    .boolean()
    .describe(
      "A widget lead past its site's daily cap, held for review: no officer mail or webhook until an admin releases it",
    ),
  createdAt: z.string(),
});

export const Leads = z.object({
  leads: z.array(Lead),
  total: z.number().describe("Leads matching the filter in all"),
  page: z.number(),
  size: z.number(),
  pages: z.number().describe("Pages of this size (at least 1)"),
});
