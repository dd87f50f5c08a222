import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

/** The fields the API's schemas share: text, an address, an email, a password, ratios and rates, the error body. */

export const text = (field: string, max: number) =>
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
export const Ltv = z
  .number({ error: "must be a number" })
  .min(0.01, "must be at least 0.01 (1%)")
  .max(1, "must be at most 1 (100%)");

export const Email = z
  .email("must be an email address")
  .max(320)
  .transform((email) => email.toLowerCase());
export const Password = z
  .string({ error: "password is required" })
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

/** A yearly rate in percent, 0–25 (3 decimals at most, as lenders quote them). */
export const RatePercent = z
  .number({ error: "must be a number" })
  .min(0, "must be at least 0%")
  .max(25, "must be at most 25%")
  .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, "must have at most 3 decimals");

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
