import { z } from "zod";

/** Money travels as a string holding a number ("412000.00"); some answers send a number. Read both as a number. */
export const Money = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, "must be a number written as a string"),
  ])
  .transform((value) => Number(value));

/** A money value that may be absent (a loan that does not exist). */
export const NullableMoney = z.union([Money, z.null()]);

/** The spec calls `requestId` a string or null in requests and a number in responses: accept both, keep a string. */
export const RequestId = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null ? null : String(value)));

/** `vacant` is `Y`/`N`/empty, and a boolean in related APIs. */
export const Vacant = z
  .union([z.enum(["Y", "N", ""]), z.boolean()])
  .transform((value) => (value === true ? "Y" : value === false ? "N" : value));

export const IsoDate = z.iso.date();

/** `maxLTV` is a string in the spec ("0.8"); accept a number too; must be a ratio in (0, 1]. */
export const Ratio = z.coerce
  .number({ error: "must be a number between 0 and 1" })
  .gt(0, "must be greater than 0")
  .max(1, "must be at most 1");

/** Every error body is JSON with a message; the field names are not in the spec, so read the usual ones. */
export const ErrorBody = z
  .object({
    message: z.string().optional(),
    error: z.union([z.string(), z.object({ message: z.string().optional() }).loose()]).optional(),
    status: z.union([z.number(), z.object({ text: z.string().optional() }).loose()]).optional(),
  })
  .loose()
  .transform((body) => {
    if (body.message) return body.message;
    if (typeof body.error === "string") return body.error;
    return body.error?.message ?? (typeof body.status === "object" ? body.status.text : undefined);
  });
