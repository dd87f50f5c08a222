import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { MAX_DB_ID } from "@/lib/db/id";

import { BEST_TIMES, LEAD_KINDS, MESSAGE_MAX, type LeadStatus } from "./words";

export * from "./words";

/** A phone number as E.164 (US by default), or undefined when it is not a valid number. */
export function formatPhone(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw.trim(), "US");
  return parsed?.isValid() ? parsed.number : undefined;
}

/** Each state's time zone (the one most of its people live in). */
const STATE_ZONES: Record<string, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  PR: "America/Puerto_Rico",
  GU: "Pacific/Guam",
  VI: "America/St_Thomas",
};

/** The home's time zone from the state of its one-line address ("…, SEATTLE, WA 98103"); undefined when unknown. */
export function timeZoneOfAddress(address: string): string | undefined {
  const state = /,\s*([A-Z]{2})\s+\d{5}(?:-\d{4})?\s*$/i.exec(address)?.[1]?.toUpperCase();
  return state ? STATE_ZONES[state] : undefined;
}

/** The day (UTC, YYYY-MM-DD) a lead came in: one lead per homeowner, kind and day. */
export const leadDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The moment one business day (Monday to Friday) after `from`: a lead still open then is overdue. */
export function oneBusinessDayAfter(from: Date): Date {
  const next = new Date(from.getTime() + 24 * 3600_000);
  while (next.getUTCDay() === 0 || next.getUTCDay() === 6) next.setTime(next.getTime() + 24 * 3600_000);
  return next;
}

/** An open lead (new or contacted) that has waited more than one business day. */
export const isOverdue = (lead: { status: LeadStatus; createdAt: Date }, now: Date): boolean =>
  (lead.status === "new" || lead.status === "contacted") && oneBusinessDayAfter(lead.createdAt) <= now;

const money = (name: string) =>
  z
    .number({ error: `${name} must be an amount in dollars` })
    .min(0, `${name} must be 0 or more`)
    .max(100_000_000, `${name} must be at most $100,000,000`);
const rate = (name: string) =>
  z
    .number({ error: `${name} must be a percentage` })
    .min(0, `${name} must be 0 or more`)
    .max(30, `${name} must be at most 30`);
const years = z
  .number({ error: "termYears must be a number of years" })
  .int("termYears must be whole years")
  .min(1)
  .max(40, "termYears must be at most 40");

/** A quote's scenario with the figures the homeowner saw (each a finite, bounded number). */
export const Scenario = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("heloc"),
      amount: money("amount"),
      available: money("available"),
      ratePercent: rate("ratePercent"),
      termYears: years,
      monthlyPayment: money("monthlyPayment").optional(),
    }),
    z.strictObject({
      type: z.literal("cash_out"),
      amount: money("amount"),
      available: money("available"),
      loanBalance: money("loanBalance"),
      ratePercent: rate("ratePercent"),
      termYears: years,
      monthlyPayment: money("monthlyPayment").optional(),
    }),
    z.strictObject({
      type: z.literal("rate_refinance"),
      loanBalance: money("loanBalance"),
      currentRatePercent: rate("currentRatePercent"),
      ratePercent: rate("ratePercent"),
      termYears: years,
      monthlySavings: money("monthlySavings").optional(),
    }),
    z.strictObject({
      type: z.literal("pmi_removal"),
      value: money("value"),
      loanBalance: money("loanBalance"),
      ltvPercent: z
        .number({ error: "ltvPercent must be a percentage" })
        .min(0)
        .max(200, "ltvPercent must be at most 200"),
      monthlyPmi: money("monthlyPmi").optional(),
    }),
  ],
  { error: "scenario.type must be heloc, cash_out, rate_refinance or pmi_removal" },
);
export type Scenario = z.infer<typeof Scenario>;

/** A homeowner's lead as sent (POST /api/leads): each kind's own fields, and consent with any phone. */
export const LeadBody = z
  .object({
    kind: z.enum(LEAD_KINDS, { error: "kind must be question, call or quote" }),
    propertyId: z
      .number({ error: "propertyId must be a number" })
      .int("propertyId must be a whole number")
      .positive("propertyId must be positive")
      .max(MAX_DB_ID, `propertyId must be at most ${MAX_DB_ID}`),
    message: z.string().trim().max(MESSAGE_MAX, `message must be at most ${MESSAGE_MAX} characters`).optional(),
    phone: z.string().trim().max(40, "phone must be at most 40 characters").optional(),
    bestTime: z.enum(BEST_TIMES, { error: "bestTime must be morning, afternoon, evening or any" }).optional(),
    consent: z.boolean({ error: "consent must be true or false" }).optional(),
    scenario: Scenario.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "question" && !body.message)
      ctx.addIssue({ code: "custom", path: ["message"], message: "message is required to ask a question" });
    if (body.kind === "call" && !body.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: "phone is required to request a call" });
    if (body.kind === "quote" && !body.scenario)
      ctx.addIssue({ code: "custom", path: ["scenario"], message: "scenario is required to get a quote" });
    if (body.scenario && "amount" in body.scenario && body.scenario.amount > body.scenario.available) {
      ctx.addIssue({
        code: "custom",
        path: ["scenario", "amount"],
        message: "amount must be at most what is available",
      });
    }
    if (body.phone) {
      if (!formatPhone(body.phone))
        ctx.addIssue({ code: "custom", path: ["phone"], message: "phone must be a valid phone number" });
      if (body.consent !== true) {
        ctx.addIssue({
          code: "custom",
          path: ["consent"],
          message: "consent must be given (true) to be called or texted at this number",
        });
      }
    }
  });
export type LeadBody = z.infer<typeof LeadBody>;
