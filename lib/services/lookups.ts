import "server-only";
import { FOOTNOTES } from "./codes";
import { embedded } from "@/lib/env";
import type { ReportFormat } from "@/lib/property-api";
import { streetLine, zipCode } from "@/lib/address";
import type { SessionUser } from "@/lib/auth/roles";
import { MARKETS } from "@/lib/sandbox/dataset/markets";
import { assertMayRead } from "./access";
import { addressKeyOf, type ReadAddress } from "./addresses";
import type { AddressCheckDto, NormalizedAddressDto } from "./dto";
import { AppError } from "./errors";
import type { Caller } from "./gateway";
import {
  equitySummary,
  homeownerVerification,
  normalizeAddresses,
  propertyFacts,
  propertyReport,
  valuationEstimate,
  type Person,
  type ReportDownload,
} from "./properties";
import { orgMaxLtv } from "./settings";

type SignedIn = Caller & { user: SessionUser };

/**
 * The standardized form of an address typed on one line, and whether the service has a home there. That second
 * answer is the property summary that claiming the home, the dashboard and the lookup read next (cached by the same
 * key), so a deliverable address usually costs it once whichever way it goes.
 */
export async function suggestAddress(caller: SignedIn, address: string): Promise<AddressCheckDto> {
  const { parts, corrections } = addressKeyOf(address);
  const street = streetLine(parts);
  const [result] = await normalizeAddresses(caller, [{ street, city: parts.city || "-", state: parts.state || "-", zip: parts.zip || "-" }]);
  // What the app's own reading already fixed never reaches the service as a typo, so it is said here, as the service
  // would say it (footnote B for a state, M for a street's suffix or unit word).
  const fixed = corrections.map(({ field }) => FOOTNOTES[field === "state" ? "B" : "M"]!);
  const said = result!.ok ? { ...result!, corrections: [...new Set([...fixed, ...result!.corrections])] } : result!;
  return { ...said, found: await foundAt(caller, said) };
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
  const { verification, stale } = await homeownerVerification(caller, input);
  return { ...verification, stale };
}

/**
 * The address read once, when the caller may read it (400 when it is no address, 403 when not theirs). Public reads
 * (facts, the estimate) are open to a homeowner's unproven claim; private ones need proof of ownership.
 */
async function readable(caller: SignedIn, address: string, scope: "public" | "private"): Promise<ReadAddress> {
  const at = addressKeyOf(address);
  await assertMayRead(caller, at.key, scope);
  return at;
}

export async function valuation(caller: SignedIn, address: string) {
  return valuationEstimate(caller, await readable(caller, address, "public"));
}

/** Equity at the requested maximum LTV, the organization's by default. */
export async function equity(caller: SignedIn, address: string, requestedLtv?: number) {
  const maxLtv = requestedLtv ?? (await orgMaxLtv());
  return equitySummary(caller, await readable(caller, address, "private"), maxLtv);
}

export async function propertySummary(caller: SignedIn, address: string) {
  return propertyFacts(caller, await readable(caller, address, "public"));
}

/**
 * The report of an address. A homeowner's is always prepared for them (the account's name, as on their property page):
 * the applicant is part of the report's cache key, so a name of the caller's choosing would buy a new billable report
 * of their own home with every request. Officers and admins name their applicant.
 */
export async function report(caller: SignedIn, input: { address: string; applicantName: string; format: ReportFormat }): Promise<ReportDownload> {
  const applicantName = caller.user.role === "homeowner" ? (caller.user.name ?? caller.user.email) : input.applicantName;
  return propertyReport(caller, await readable(caller, input.address, "private"), { ...input, applicantName });
}
