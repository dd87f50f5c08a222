import { z } from "zod";
import { DbId } from "@/lib/db/id";
import { Address, Ltv, RatePercent, text } from "./common";

/** What the property lookups accept: addresses, equity, reports, the owner's figures and the proof of ownership. */

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

export const VerifyBody = z.object({
  firstName: text("firstName", 100),
  lastName: text("lastName", 100),
  address: Address,
});
export const AddressBody = z.object({ address: Address });
export const EquityBody = z.object({
  address: Address,
  maxLTV: LtvParam.optional().describe("Maximum loan-to-value; the organization's when omitted"),
});
export const AddressQuery = z.object({ address: Address });
export const ReportQuery = z.object({
  address: Address,
  applicant_name: text("applicant_name", 200),
  format: z.enum(["pdf", "html", "json"], { error: "format must be pdf, html or json" }).default("pdf"),
});
export const OwnerBody = z.object({
  firstName: text("firstName", 100),
  lastName: text("lastName", 100),
  address: Address,
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
  .refine(
    (loan) => loan.paidOff !== undefined || loan.balance !== undefined || loan.ratePercent !== undefined,
    "give paidOff, balance or ratePercent",
  );
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

/** What the browser reports of a homeowner's engagement (visits and downloads are recorded by the server itself). */
export const EngagementBody = z.object({ kind: z.literal("borrowing_used", { error: "kind must be borrowing_used" }) });
