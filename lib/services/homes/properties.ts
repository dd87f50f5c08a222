import "server-only";
import { standardize } from "@/lib/address";
import { env } from "@/lib/env";
import { noteUnknownFacts } from "@/lib/i18n/fact-words-logged";
import type { AddressRequest, PropertySummary, ReportFormat } from "@/lib/property-api";
import { addressKeyOf, type ReadAddress } from "./addresses";
import {
  toEquity,
  toNormalizedAddress,
  toPropertyFacts,
  toValuation,
  toVerification,
  type EquityDto,
  type NormalizedAddressDto,
  type OwnedProperty,
  type PropertyFacts,
} from "./dto";
import { cachedBatch, cachedCall, type Caller } from "@/lib/services/platform/gateway";
import { recordSnapshot } from "./snapshots";
import { upstream } from "@/lib/services/platform/upstream";

/**
 * The Property Data Service's operations, one function each: one cached call (cache, single-flight, meter, limits)
 * with its time-to-live stated once. No access checks: the use-cases (lookups, the widget, owners, ownership) check
 * first, or show a public address (the example page). An address is a string, or one already read by addressKeyOf.
 */

const read = (address: string | ReadAddress) => (typeof address === "string" ? addressKeyOf(address) : address);

/**
 * A summary's facts, a code among them that the catalogue has no words for logged (once per process): the pages show
 * it as given (lib/i18n/fact-words.ts), and someone should add its words.
 */
function factsOf(summary: PropertySummary): PropertyFacts {
  const facts = toPropertyFacts(summary);
  noteUnknownFacts([
    ["propertyType", facts.propertyType],
    ["construction", facts.construction],
    ["roofCover", facts.roof],
    ["roofShape", facts.roofShape ?? ""],
    ["heating", facts.heating],
    ["cooling", facts.cooling],
  ]);
  return facts;
}

export interface Person {
  firstName: string;
  lastName: string;
  address: string;
}

/** What makes two questions about a person at an address the same: the address's key and the name, in capitals. */
export const personKey = (key: string, p: Pick<Person, "firstName" | "lastName">) =>
  `${key}|${p.firstName.trim().toUpperCase()}|${p.lastName.trim().toUpperCase()}`;

export async function propertyFacts(caller: Caller, address: string | ReadAddress): Promise<PropertyFacts> {
  const at = read(address);
  const answer = await cachedCall(caller, {
    operation: "propertySummary",
    key: at.key,
    label: at.label,
    ttlSeconds: env.CACHE_TTL_SUMMARY,
    fetch: () => upstream().client.propertySummary(at.text),
  });
  return { ...factsOf(answer.value.propertySummary), stale: answer.stale };
}

export async function valuationEstimate(caller: Caller, address: string | ReadAddress) {
  const at = read(address);
  const answer = await cachedCall(caller, {
    operation: "valuationEstimate",
    key: at.key,
    label: at.label,
    ttlSeconds: env.CACHE_TTL_VALUATION,
    fetch: async () => {
      const answer = await upstream().client.valuationEstimate(at.text);
      // Once per answer from the service (not per cached read): the home's value history grows with each new date.
      const { eventDate: date, value, low, high, confidence } = toValuation(answer["Service Estimate"]);
      recordSnapshot(at.key, { date, value, low, high, confidence });
      return answer;
    },
  });
  return { ...toValuation(answer.value["Service Estimate"]), stale: answer.stale };
}

/** Equity at any maximum LTV, from one cached upstream answer at the configured ORG_MAX_LTV. */
export async function equitySummary(
  caller: Caller,
  address: string | ReadAddress,
  maxLtv: number,
): Promise<EquityDto & { stale: boolean }> {
  const at = read(address);
  const answer = await cachedCall(caller, {
    operation: "homeEquitySummary",
    key: at.key,
    label: at.label,
    ttlSeconds: env.CACHE_TTL_EQUITY,
    fetch: () => upstream().client.homeEquitySummary(at.text, env.ORG_MAX_LTV),
  });
  return { ...toEquity(answer.value, maxLtv), stale: answer.stale };
}

export interface ReportDownload {
  contentType: string;
  filename: string;
  body: Uint8Array;
  stale: boolean;
}

/** The report file, cached as bytes (read once from the service's stream) by address, applicant and format. */
export async function propertyReport(
  caller: Caller,
  address: string | ReadAddress,
  input: { applicantName: string; format: ReportFormat },
): Promise<ReportDownload> {
  const at = read(address);
  const answer = await cachedCall(caller, {
    operation: "propertyReport",
    key: `${at.key}|${input.applicantName.trim().toUpperCase()}|${input.format}`,
    label: at.label,
    ttlSeconds: env.CACHE_TTL_REPORT,
    fetch: async () => {
      const file = await upstream().client.propertyReport({ address: at.text, ...input });
      return {
        contentType: file.contentType,
        base64: Buffer.from(await new Response(file.body).arrayBuffer()).toString("base64"),
      };
    },
  });
  const slug = at.label
    .split(",")[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return {
    contentType: answer.value.contentType,
    filename: `property-report-${slug}.${input.format}`,
    body: Buffer.from(answer.value.base64, "base64"),
    stale: answer.stale,
  };
}

/** The service's homeowner verification of a person at an address: how well the name matches the deed. */
export async function homeownerVerification(caller: Caller, person: Person) {
  const at = addressKeyOf(person.address);
  const answer = await cachedCall(caller, {
    operation: "verifyHomeowner",
    key: personKey(at.key, person),
    label: at.label,
    ttlSeconds: env.CACHE_TTL_VERIFY,
    fetch: () => upstream().client.verifyHomeowner(person),
  });
  return { key: at.key, label: at.label, verification: toVerification(answer.value), stale: answer.stale };
}

/** The service's owner record for a verified person (the same person and address always give the same one). */
export async function ownerRecord(caller: Caller, person: Person, key: string): Promise<string> {
  const answer = await cachedCall(caller, {
    operation: "createOwner",
    key: personKey(key, person),
    label: key,
    ttlSeconds: 60,
    idempotent: false,
    fetch: () => upstream().client.createOwner(person),
  });
  return answer.value.ownerID;
}

/** Every property of an owner record with its facts and equity at a maximum LTV (the owner id stays on the server). */
export async function ownerProperties(
  caller: Caller,
  ownerId: string,
  maxLtv: number,
): Promise<{ properties: OwnedProperty[]; stale: boolean }> {
  const answer = await cachedCall(caller, {
    operation: "retrieveOwnerData",
    key: `owner:${ownerId}`,
    ttlSeconds: env.CACHE_TTL_OWNER_DATA,
    fetch: () => upstream().client.retrieveOwnerData(ownerId),
  });
  return {
    stale: answer.stale,
    properties: answer.value.properties.map((p) => ({
      propertyId: p.propertySummary.identifier.propertyId ?? p.propertySummary.identifier.Id ?? 0,
      facts: factsOf(p.propertySummary),
      equity: toEquity(p, maxLtv),
    })),
  };
}

/** The standardized keys of every home of the owner records the account proved (the owner ids stay on the server). */
export async function provedKeys(caller: Caller, ownerIds: readonly string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const ownerId of ownerIds) {
    // The maximum LTV does not matter for the addresses; the answer is the one cached for the dashboard.
    for (const p of (await ownerProperties(caller, ownerId, 1)).properties) keys.add(addressKeyOf(p.facts.address).key);
  }
  return keys;
}

/**
 * Normalizes addresses. Each is cached by its standardized form, so a repeat, or another spelling of the same
 * address, costs nothing; the rest go upstream in one batch.
 */
export async function normalizeAddresses(caller: Caller, requests: AddressRequest[]): Promise<NormalizedAddressDto[]> {
  const items = requests.map((request) => {
    const { key } = standardize(`${request.street}, ${request.city}, ${request.state} ${request.zip}`);
    // Not refused when incomplete: saying what is missing is the service's answer to give.
    // The service requires every field: a ZIP code not given is sent as "-", as a single lookup sends it.
    return { key, label: key, input: { ...request, zip: request.zip.trim() || "-", requestId: null } };
  });
  const answers = await cachedBatch(caller, {
    operation: "normalizeAddresses",
    items,
    ttlSeconds: env.CACHE_TTL_NORMALIZE,
    fetch: async (inputs) => (await upstream().client.normalizeAddresses(inputs)).results.addresses,
    // The standardized address the service answered, keyed as every other read of it is.
    labelOf: (answer) => (answer.meta.error ? undefined : standardize(toNormalizedAddress(answer).oneLine).key),
  });
  return answers.map((answer, i) => {
    const requestId = requests[i]!.requestId;
    return {
      ...toNormalizedAddress(answer.value),
      requestId: requestId === undefined || requestId === null ? null : String(requestId),
    };
  });
}
