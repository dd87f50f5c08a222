import { z } from "zod";
import { RequestId, Vacant } from "./common";

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

export const AddressRequest = z.object({
  street: required("street"),
  city: required("city"),
  state: required("state"),
  zip: required("zip"),
  requestId: RequestId,
});

export const NormalizeRequest = z.object({
  requests: z.array(AddressRequest).min(1, "must list at least one address"),
});

export const NormalizedAddress = z.object({
  oldHashes: z.array(z.string()),
  street: z.string(),
  city: z.string(),
  cityAlias: z.string().nullable(),
  state: z.string(),
  zip: z.string(),
  county: z.string(),
  hash: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  geoLocation: z.tuple([z.number(), z.number()]),
  requestId: RequestId,
  formattedStreet: z.string(),
  streetNoUnit: z.string(),
  meta: z.object({ error: z.boolean(), normalized: z.boolean(), hashed: z.boolean() }),
  houseNumber: z.string(),
  zipPlus4: z.string(),
  vacant: Vacant,
  countyFipsCode: z.string(),
  carrierRoute: z.string(),
  congressionalDistrict: z.string(),
  timeZone: z.string(),
  utcOffset: z.number(),
  daylightSavingsTime: z.boolean(),
  dpvMatchCode: z.enum(["Y", "S", "D", "N", ""]),
  dpvFootnotes: z.string(),
  footnotes: z.string(),
  /** Why an address failed; not in the spec, sent by the embedded service when `meta.error` is true. */
  errorMessage: z.string().optional(),
});

const count = z.number().int().min(0);

export const NormalizeResponse = z.object({
  status: z.object({ code: z.number().int(), text: z.string() }),
  results: z.object({
    addresses: z.array(NormalizedAddress),
    meta: z.object({
      apiVersion: z.string(),
      results: z.object({
        requestCount: count,
        normalizedCount: count,
        notNormalizedCount: count,
        hashedCount: count,
        notHashedCount: count,
        errorCount: count,
      }),
      performance: z.object({
        totalRequestTime: z.number().int().min(0),
        startTime: z.iso.datetime(),
        endTime: z.iso.datetime(),
      }),
      requestId: z.string(),
    }),
  }),
});

export type AddressRequest = z.input<typeof AddressRequest>;
export type NormalizeRequest = z.input<typeof NormalizeRequest>;
export type NormalizedAddress = z.output<typeof NormalizedAddress>;
export type NormalizeResponse = z.output<typeof NormalizeResponse>;
export type NormalizeResponseWire = z.input<typeof NormalizeResponse>;
