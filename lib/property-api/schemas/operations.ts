import { z } from "zod";
import { IsoDate, Money, NullableMoney, Ratio } from "./common";

const requiredText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

/** A full one-line address: street, city, state and ZIP code. */
export const AddressText = requiredText("address").max(300, "address must be at most 300 characters");

// ── Homeowner verification ─────────────────────────────────────────────────────────────────────────

export const VerifyHomeownerRequest = z.object({
  firstName: requiredText("firstName").max(100),
  lastName: requiredText("lastName").max(100),
  address: AddressText,
  ownerID: z.union([z.number(), z.string()]).optional(),
});

const OwnerName = z.union([z.object({ lastname: z.string(), firstnameandmi: z.string() }), z.object({}).strict()]);

export const VerifyHomeownerResponse = z.object({
  "Owner Verification": z.object({
    ownerID: z.number(),
    isVerified: z.boolean(),
    matchScore: z.number().min(0).max(1),
    ownerOccupied: z.boolean(),
    propertyType: z.string(),
    corporation: z.boolean(),
  }),
  "Owner Names": z.object({ owner1: OwnerName, owner2: OwnerName, owner3: OwnerName, owner4: OwnerName }),
});

// ── Valuation estimate (AVM) ───────────────────────────────────────────────────────────────────────

export const AvmRequest = z.object({ address: AddressText });

export const ServiceEstimate = z.object({
  eventDate: IsoDate,
  amount: z.object({
    scr: z.number().min(0).max(100),
    value: z.number(),
    high: z.number(),
    low: z.number(),
    valueRange: z.number(),
  }),
  AVMChange: z.object({ avmlastmonthvalue: z.number(), avmamountchange: z.number(), avmpercentchange: z.number() }),
  conditionRange: z.object({
    avmpoorlow: z.number(),
    avmpoorhigh: z.number(),
    avmgoodlow: z.number(),
    avmgoodhigh: z.number(),
    avmexcellentlow: z.number(),
    avmexcellenthigh: z.number(),
  }),
});

export const AvmResponse = z.object({ "Service Estimate": ServiceEstimate });

// ── Home equity summary ────────────────────────────────────────────────────────────────────────────

/** `maxLTV` (one example calls it `orgMaxLTV`), a string in the spec, default 0.8. */
export const HomeEquityRequest = z
  .object({ address: AddressText, maxLTV: Ratio.optional(), orgMaxLTV: Ratio.optional() })
  .transform(({ address, maxLTV, orgMaxLTV }) => ({ address, maxLTV: maxLTV ?? orgMaxLTV ?? 0.8 }));

const Loan = z.object({ exists: z.boolean(), balance: NullableMoney, ID: z.string().nullable() });

export const CurrentLoans = z.object({ primaryMortgage: Loan, secondHomeLoan: Loan, thirdHomeLoan: Loan });

const equityFields = {
  availableEquity: Money,
  totalEquity: Money,
  LTV: Money,
  availableEquityRange: z.object({ high: Money, low: Money }),
  totalLoanBalance: Money,
  totalLoanCount: z.number().int().min(0),
};
const EQUITY_KEYS = Object.keys(equityFields);

/**
 * The spec places the equity fields inside `Home Value Summary` in one shape and beside it in another; read them
 * by name from either place and hand out one flat shape.
 */
export function liftEquityFields(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const record = input as Record<string, unknown>;
  const summary = record["Home Value Summary"];
  if (typeof summary !== "object" || summary === null) return input;
  const nested = summary as Record<string, unknown>;
  const lifted: Record<string, unknown> = { ...record };
  for (const key of EQUITY_KEYS) if (lifted[key] === undefined && key in nested) lifted[key] = nested[key];
  return lifted;
}

export const HomeValueSummary = z.object({ serviceEstimate: Money, high: Money, low: Money });

const HomeEquityShape = z.object({
  "Home Value Summary": HomeValueSummary,
  ...equityFields,
  "Current Loans": CurrentLoans,
});

export const HomeEquitySummary = z.preprocess(liftEquityFields, HomeEquityShape);

// ── Owners ─────────────────────────────────────────────────────────────────────────────────────────

export const CreateOwnerRequest = z.object({
  firstName: requiredText("firstName").max(100),
  lastName: requiredText("lastName").max(100),
  address: AddressText,
});

export const CreateOwnerResponse = z.object({ ownerID: z.string().min(1) });

export const OwnerDataQuery = z.object({ userID: requiredText("userID").max(200) });

export const PropertyQuery = z.object({ address: AddressText });

export const ReportQuery = z.object({
  address: AddressText,
  applicant_name: requiredText("applicant_name").max(200),
});

export type VerifyHomeownerRequest = z.input<typeof VerifyHomeownerRequest>;
export type VerifyHomeownerResponse = z.output<typeof VerifyHomeownerResponse>;
export type AvmResponse = z.output<typeof AvmResponse>;
export type AvmResponseWire = z.input<typeof AvmResponse>;
export type ServiceEstimate = z.output<typeof ServiceEstimate>;
export type HomeEquityRequest = z.input<typeof HomeEquityRequest>;
export type HomeEquitySummary = z.output<typeof HomeEquitySummary>;
export type HomeEquitySummaryWire = z.input<typeof HomeEquityShape>;
export type CreateOwnerRequest = z.input<typeof CreateOwnerRequest>;
export type CreateOwnerResponse = z.output<typeof CreateOwnerResponse>;
