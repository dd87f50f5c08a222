import "server-only";
import { embedded, env } from "@/lib/env";
import type { AddressRequest, ReportFormat } from "@/lib/property-api";
import { standardize, streetLine, zipCode } from "@/lib/address";
import { MARKETS } from "@/lib/sandbox/dataset/markets";
import { assertMayRead, addressKeyOf } from "./access";
import { toEquity, toNormalizedAddress, toValuation, type AddressCheckDto, type NormalizedAddressDto } from "./dto";
import { AppError } from "./errors";
import { verifyPerson, type Person } from "./ownership";
import { cachedBatch, cachedCall, type Caller } from "./gateway";
import type { SessionUser } from "@/lib/auth/roles";
import { propertyFacts } from "./properties";
import { orgMaxLtv } from "./settings";
import { upstream } from "./upstream";

type SignedIn = Caller & { user: SessionUser };

/**
 * Normalizes addresses. Each is cached by its standardized form, so a repeat, or another spelling of the same
 * address, costs nothing; the rest go upstream in one batch.
 */
export async function normalize(caller: SignedIn, requests: AddressRequest[]): Promise<NormalizedAddressDto[]> {
  const items = requests.map((request) => {
    const { key } = standardize(`${request.street}, ${request.city}, ${request.state} ${request.zip}`);
    // The service requires every field: a ZIP code not given is sent as "-", as a single lookup sends it.
    return { key, label: key, input: { ...request, zip: request.zip.trim() || "-", requestId: null } };
  });
  const answers = await cachedBatch(caller, {
    operation: "normalizeAddresses",
    items,
    ttlSeconds: env.CACHE_TTL_NORMALIZE,
    fetch: async (inputs) => (await upstream().client.normalizeAddresses(inputs)).results.addresses,
  });
  return answers.map((answer, i) => {
    const requestId = requests[i]!.requestId;
    return { ...toNormalizedAddress(answer.value), requestId: requestId === undefined || requestId === null ? null : String(requestId) };
  });
}

/**
 * The standardized form of an address typed on one line, and whether the service has a home there. That second
 * answer is the property summary that claiming the home, the dashboard and the lookup read next (cached by the same
 * key), so a deliverable address usually costs it once whichever way it goes.
 */
export async function suggestAddress(caller: SignedIn, address: string): Promise<AddressCheckDto> {
  addressKeyOf(address);
  const { parts } = standardize(address);
  const street = streetLine(parts);
  const [result] = await normalize(caller, [{ street, city: parts.city || "-", state: parts.state || "-", zip: parts.zip || "-" }]);
  return { ...result!, found: await foundAt(caller, result!) };
}

async function foundAt(caller: SignedIn, result: NormalizedAddressDto): Promise<boolean | null> {
  if (!result.ok || !["Y", "S"].includes(result.deliverability.code)) return null;
  try {
    await propertyFacts(caller, result.oneLine);
    return true;
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return error.status === 404 ? false : null;
  }
}

/** The ZIP codes the embedded data set covers ("85008 (Phoenix, AZ)"), to tell people what to try; none with a real service. */
export function demoZipCodes(): string[] {
  if (!embedded) return [];
  return MARKETS.map(({ zip }) => {
    const place = zipCode(zip);
    return place ? `${zip} (${place.city}, ${place.state})` : zip;
  });
}

export async function verifyHomeowner(caller: SignedIn, input: Person) {
  const { verification, stale } = await verifyPerson(caller, input);
  return { ...verification, stale };
}

/**
 * The standardized key of an address the caller may read (400 when it is no address, 403 when not theirs). Public
 * reads (facts, the estimate) are open to a homeowner's unproven claim; private ones need proof of ownership.
 */
async function readable(caller: SignedIn, address: string, scope: "public" | "private"): Promise<{ key: string; label: string }> {
  const found = addressKeyOf(address);
  await assertMayRead(caller, found.key, scope);
  return found;
}

export async function valuation(caller: SignedIn, address: string) {
  const { key, label } = await readable(caller, address, "public");
  const answer = await cachedCall(caller, {
    operation: "valuationEstimate",
    key,
    label,
    ttlSeconds: env.CACHE_TTL_VALUATION,
    fetch: () => upstream().client.valuationEstimate(address),
  });
  return { ...toValuation(answer.value["Service Estimate"]), stale: answer.stale };
}

/** Equity at any maximum LTV from one cached upstream answer at the organization's. */
export async function equity(caller: SignedIn, address: string, requestedLtv?: number) {
  const maxLtv = requestedLtv ?? (await orgMaxLtv());
  const { key, label } = await readable(caller, address, "private");
  const answer = await cachedCall(caller, {
    operation: "homeEquitySummary",
    key,
    label,
    ttlSeconds: env.CACHE_TTL_EQUITY,
    fetch: () => upstream().client.homeEquitySummary(address, env.ORG_MAX_LTV),
  });
  return { ...toEquity(answer.value, maxLtv), stale: answer.stale };
}

export async function propertySummary(caller: SignedIn, address: string) {
  await readable(caller, address, "public");
  return propertyFacts(caller, address);
}

export interface ReportDownload {
  contentType: string;
  filename: string;
  body: Uint8Array;
  stale: boolean;
}

/** The report file, cached as bytes (read once from the service's stream) by address, applicant and format. */
export async function report(caller: SignedIn, input: { address: string; applicantName: string; format: ReportFormat }): Promise<ReportDownload> {
  const { key, label } = await readable(caller, input.address, "private");
  const answer = await cachedCall(caller, {
    operation: "propertyReport",
    key: `${key}|${input.applicantName.trim().toUpperCase()}|${input.format}`,
    label,
    ttlSeconds: env.CACHE_TTL_REPORT,
    fetch: async () => {
      const file = await upstream().client.propertyReport(input);
      return { contentType: file.contentType, base64: Buffer.from(await new Response(file.body).arrayBuffer()).toString("base64") };
    },
  });
  const slug = label.split(",")[0]!.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return {
    contentType: answer.value.contentType,
    filename: `property-report-${slug}.${input.format}`,
    body: Buffer.from(answer.value.base64, "base64"),
    stale: answer.stale,
  };
}
