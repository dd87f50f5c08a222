import { createHash, randomUUID } from "node:crypto";
import { addressKey, displayCase, formattedStreetName, streetLine } from "@/lib/address";
import { AddressRequest, type NormalizeResponseWire } from "@/lib/property-api";
import type { IndexedDataset } from "./dataset";
import { MARKETS } from "./dataset/markets";
import { timeZoneInfo } from "@/lib/address/time-zones";
import { resolveAddress } from "./resolve";

type NormalizedWire = NormalizeResponseWire["results"]["addresses"][number];

export const API_VERSION = "1.4.0";
/** The most addresses one request may carry. */
export const MAX_BATCH = 1000;

/** MD5 of the standardized address: every spelling of one address has one hash. */
export function addressHash(key: string): string {
  return createHash("md5").update(key).digest("hex");
}

function failed(
  requestId: string | number | null,
  reason: string,
  input: Partial<Record<"street" | "city" | "state" | "zip", unknown>>,
): NormalizedWire {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    oldHashes: [],
    street: text(input.street),
    city: text(input.city),
    cityAlias: null,
    state: text(input.state),
    zip: text(input.zip),
    county: "",
    hash: "",
    latitude: 0,
    longitude: 0,
    geoLocation: [0, 0],
    requestId,
    formattedStreet: "",
    streetNoUnit: "",
    meta: { error: true, normalized: false, hashed: false },
    houseNumber: "",
    zipPlus4: "",
    vacant: "",
    countyFipsCode: "",
    carrierRoute: "",
    congressionalDistrict: "",
    timeZone: "",
    utcOffset: 0,
    daylightSavingsTime: false,
    dpvMatchCode: "",
    dpvFootnotes: "",
    footnotes: "C#",
    errorMessage: reason,
  };
}

function normalizeOne(dataset: IndexedDataset, raw: unknown, index: number): NormalizedWire {
  const given = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const requestId =
    typeof given.requestId === "string" || typeof given.requestId === "number" ? given.requestId : index + 1;
  const parsed = AddressRequest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return failed(requestId, `${issue.path.join(".") || "address"}: ${issue.message}`, given);
  }
  const { street, city, state, zip } = parsed.data;
  const resolution = resolveAddress(dataset, `${street.replace(/,/g, " ")}, ${city}, ${state} ${zip}`);
  if (resolution.error || !resolution.zip) return failed(requestId, resolution.error ?? "unknown ZIP code", given);

  const { parts, zip: zipInfo, property } = resolution;
  const zone = timeZoneInfo(zipInfo.ianaZone);
  const latitude = property?.latitude ?? zipInfo.latitude;
  const longitude = property?.longitude ?? zipInfo.longitude;
  const typedCity = city.trim().toUpperCase();
  return {
    oldHashes: [],
    street: displayCase(streetLine(parts)),
    city: displayCase(parts.city),
    cityAlias: typedCity !== parts.city && !resolution.footnotes.includes("B") ? displayCase(typedCity) : null,
    state: parts.state,
    zip: parts.zip,
    county: zipInfo.county,
    hash: addressHash(addressKey(parts)),
    latitude,
    longitude,
    geoLocation: [latitude, longitude],
    requestId,
    formattedStreet: displayCase(formattedStreetName(parts)),
    streetNoUnit: displayCase(streetLine(parts, { unit: false })),
    meta: { error: false, normalized: true, hashed: true },
    houseNumber: parts.number,
    zipPlus4: property?.address.zip4 ?? "",
    vacant: property ? (property.vacant ? "Y" : "N") : "",
    countyFipsCode: zipInfo.countyFips,
    carrierRoute: property?.carrierRoute ?? "",
    congressionalDistrict: MARKETS.find((m) => m.zip === parts.zip)?.congressionalDistrict ?? "",
    timeZone: zone.name,
    utcOffset: zone.utcOffset,
    daylightSavingsTime: zone.daylightSavingsTime,
    dpvMatchCode: resolution.dpvMatchCode,
    dpvFootnotes: resolution.dpvFootnotes,
    footnotes: resolution.footnotes.map((letter) => `${letter}#`).join(""),
  };
}

/** Normalizes a batch: one bad address gets `meta.error` and a reason, and never fails the others. */
export function normalizeBatch(
  dataset: IndexedDataset,
  requests: unknown[],
  now: () => number = Date.now,
): NormalizeResponseWire {
  const start = now();
  const addresses = requests.map((request, i) => normalizeOne(dataset, request, i));
  const end = now();
  const count = (predicate: (a: NormalizedWire) => boolean) => addresses.filter(predicate).length;
  return {
    status: { code: 200, text: "OK" },
    results: {
      addresses,
      meta: {
        apiVersion: API_VERSION,
        results: {
          requestCount: addresses.length,
          normalizedCount: count((a) => a.meta.normalized),
          notNormalizedCount: count((a) => !a.meta.normalized),
          hashedCount: count((a) => a.meta.hashed),
          notHashedCount: count((a) => !a.meta.hashed),
          errorCount: count((a) => a.meta.error),
        },
        performance: {
          totalRequestTime: Math.round(end - start),
          startTime: new Date(start).toISOString(),
          endTime: new Date(end).toISOString(),
        },
        requestId: randomUUID(),
      },
    },
  };
}
