import { z } from "zod";

/**
 * Each event's `data`, as the lender's CRM receives it inside `{ type, timestamp, data }`: ids and figures, never the
 * homeowner's loan numbers. The OpenAPI document's `webhooks` and the README are generated from these. A test event
 * ("Send a test event") carries the same shape with made-up values and `test: true`.
 */
const test = z
  .literal(true)
  .optional()
  .describe("Present (true) only on a test event sent by an admin: its values are made up");
const figure = z.number().nullable();

export const LeadEventData = z
  .looseObject({
    id: z.number().int().describe("The lead's id"),
    kind: z.string().describe("question, call, quote or report"),
    source: z.string().describe("dashboard, embed, widget or digest"),
    status: z.string().describe("new, contacted, won, lost or spam"),
    officerId: z.number().int().nullable(),
    homeownerId: z.number().int().nullable(),
    propertyId: z.number().int().nullable(),
    address: z.string().nullable(),
    scenario: z
      .record(z.string(), z.union([z.number(), z.string(), z.null()]))
      .nullable()
      .describe("The scenario's figures as the homeowner saw them"),
    message: z.string().nullable(),
    contact: z
      .looseObject({
        name: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable().describe("E.164, only with the consent to call"),
        bestTime: z.string().nullable(),
        timeZone: z.string().nullable(),
        consentAt: z.string().nullable(),
      })
      .describe("How the officer reaches the person"),
    createdAt: z.iso.datetime(),
    statusChangedAt: z.iso.datetime().nullable(),
    statusChangedBy: z.number().int().nullable(),
    test,
  })
  .describe("A lead: a homeowner's question, call request or quote request, or a widget visitor's report request");

export const OpportunityFoundData = z
  .object({
    opportunityId: z.number().int(),
    clientId: z.number().int(),
    officerId: z.number().int(),
    kind: z
      .string()
      .describe("mortgage_insurance, home_equity_line, cash_out, value_moved, rate_refinance or engagement"),
    reason: z.string(),
    amount: figure.describe("Available equity at the organization's maximum LTV (dollars)"),
    worth: figure.describe(
      "The dollars a year it saves the client for sure: a refinance's or a premium's yearly saving; 0 for borrowing (ranked by amount) and for no money of its own",
    ),
    baseline: z
      .boolean()
      .describe("Found by the client's first refresh (after an import or an addition): the starting list, not news"),
    figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
    test,
  })
  .describe("A client's refresh found a new opportunity");

export const ClientRefreshedData = z
  .object({
    clientId: z.number().int(),
    officerId: z.number().int(),
    value: z.number().describe("The home's estimated value (dollars)"),
    ltv: z.number().describe("Loan-to-value ratio, 0–1"),
    availableEquity: z.number().describe("Available equity at the organization's maximum LTV (dollars)"),
    opportunities: z.array(z.string()).describe("The kinds of opportunity the refresh found"),
    scheduled: z.boolean().describe("The monthly check (true) or a refresh by hand"),
    test,
  })
  .describe("A client's value and equity were refreshed");

export const HomeownerEngagedData = z
  .object({
    homeownerId: z.number().int(),
    officerId: z.number().int().nullable(),
    activity: z.string().describe("dashboard_visit, report_download or borrowing_used"),
    at: z.iso.datetime(),
    test,
  })
  .describe("A homeowner used their dashboard (at most one event per kind of activity in half an hour)");

export const EVENT_SCHEMAS = {
  "lead.created": LeadEventData,
  "lead.updated": LeadEventData,
  "opportunity.found": OpportunityFoundData,
  "client.refreshed": ClientRefreshedData,
  "homeowner.engaged": HomeownerEngagedData,
} as const;

/** A made-up example of each event, sent by "Send a test event". */
export function sampleData(type: keyof typeof EVENT_SCHEMAS, now = new Date()): Record<string, unknown> {
  const at = now.toISOString();
  switch (type) {
    case "lead.created":
    case "lead.updated":
      return {
        id: 0,
        kind: "quote",
        source: "dashboard",
        status: type === "lead.created" ? "new" : "contacted",
        officerId: null,
        homeownerId: null,
        propertyId: null,
        address: "123 Example St, Springfield, IL 62701",
        scenario: {
          type: "heloc",
          amount: 50_000,
          available: 80_000,
          ratePercent: 8.25,
          termYears: 20,
          monthlyPayment: 426,
        },
        message: "This is a test event: no one asked for anything.",
        contact: {
          name: "Test Person",
          email: "test@example.com",
          phone: null,
          bestTime: null,
          timeZone: null,
          consentAt: null,
        },
        createdAt: at,
        statusChangedAt: type === "lead.created" ? null : at,
        statusChangedBy: null,
        test: true,
      };
    case "opportunity.found":
      return {
        opportunityId: 0,
        clientId: 0,
        officerId: 0,
        kind: "home_equity_line",
        reason: "Example: $85,000 of available equity",
        amount: 85_000,
        worth: 3_400,
        baseline: false,
        figures: { value: 500_000, balance: 315_000 },
        test: true,
      };
    case "client.refreshed":
      return {
        clientId: 0,
        officerId: 0,
        value: 500_000,
        ltv: 0.63,
        availableEquity: 85_000,
        opportunities: ["home_equity_line"],
        scheduled: false,
        test: true,
      };
    case "homeowner.engaged":
      return { homeownerId: 0, officerId: null, activity: "dashboard_visit", at, test: true };
  }
}

/** The envelope every event is sent in. */
export const eventBody = (type: string, timestamp: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: timestamp.toISOString(), data });
