import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Locale } from "@/lib/i18n/locales";
import { FOOTNOTES } from "@/lib/services/homes/codes";
import { embedded } from "@/lib/env";
import { log } from "@/lib/log";
import type { ReportFormat } from "@/lib/property-api";
import { streetLine, zipCode } from "@/lib/address";
import { STAFF, type SessionUser } from "@/lib/auth/roles";
import { renderReportFile } from "@/lib/report/render";
import { MARKETS } from "@/lib/sandbox/dataset/markets";
import { assertMayRead } from "@/lib/services/access";
import { audit, by, type AuditAction } from "@/lib/services/audit/log";
import { addressKeyOf, type ReadAddress } from "@/lib/services/homes/addresses";
import type { AddressCheckDto, NormalizedAddressDto } from "@/lib/services/homes/dto";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import {
  equitySummary,
  homeownerVerification,
  normalizeAddresses,
  propertyFacts,
  propertyReport,
  valuationEstimate,
  type Person,
  type ReportDownload,
} from "@/lib/services/homes/properties";
import { rememberApplicant } from "./recent-applicants";
import { homeownerCard } from "@/lib/services/portfolio/officers";
import { withOfficerCard } from "./report-card";
import { orgMaxLtv } from "@/lib/services/platform/settings";

type SignedIn = Caller & { user: SessionUser };

/**
 * The standardized form of an address typed on one line, and whether the service has a home there. That second
 * answer is the property summary that claiming the home, the dashboard and the lookup read next (cached by the same
 * key), so a deliverable address usually costs it once whichever way it goes.
 */
export async function suggestAddress(caller: SignedIn, address: string): Promise<AddressCheckDto> {
  const { parts, corrections, key, label } = addressKeyOf(address);
  if (isStaff(caller)) void audit({ action: "lookup.address", ...by(caller), address: label, addressKey: key });
  const street = streetLine(parts);
  const [result] = await normalizeAddresses(caller, [
    { street, city: parts.city || "-", state: parts.state || "-", zip: parts.zip || "-" },
  ]);
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

/**
 * The ZIP codes the embedded data set covers ("85008 (Phoenix, AZ)"), to tell people what to try; none with a real
 * service.
 */
export function demoZipCodes(): string[] {
  if (!embedded) return [];
  return MARKETS.map(({ zip }) => {
    const place = zipCode(zip);
    return place ? `${zip} (${place.city}, ${place.state})` : zip;
  });
}

/**
 * Whether the applicant owns the address. An answer (verified or not) puts the applicant on the caller's own recent
 * applicants (/lookup): written here, from what was verified, so no other request can put a name there.
 */
export async function verifyHomeowner(caller: SignedIn, input: Person) {
  const at = addressKeyOf(input.address);
  const answer = await logged(caller, "lookup.verify", at, async () => {
    const { verification, stale } = await homeownerVerification(caller, input);
    return { ...verification, stale };
  });
  // The list is a convenience: the officer still gets the answer when it cannot be written.
  await rememberApplicant(caller.user.id, at, `${input.firstName.trim()} ${input.lastName.trim()}`).catch(
    (error: unknown) => log.error({ err: error }, "lookup: the recent applicant could not be recorded"),
  );
  return answer;
}

/**
 * Runs a read of an address's data and records it in the activity log (after the answer): allowed, refused (not
 * theirs) or failed (the service could not answer), with the address as standardized and the home's id when known.
 */
async function logged<T>(
  caller: SignedIn,
  action: AuditAction,
  at: ReadAddress,
  read: () => Promise<T>,
  detail?: Record<string, string>,
): Promise<T> {
  const event = { action, ...by(caller), address: at.label, addressKey: at.key, detail };
  try {
    const result = await read();
    void audit({ ...event, propertyId: propertyIdOf(result) });
    return result;
  } catch (error) {
    const refused = AppError.is(error) && (error.status === 403 || error.status === 404);
    void audit({
      ...event,
      outcome: refused ? "refused" : "failed",
      detail: { ...detail, error: AppError.is(error) ? error.code : "internal_error" },
    });
    throw error;
  }
}

function propertyIdOf(result: unknown): number | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const { id, propertyId } = result as { id?: unknown; propertyId?: unknown };
  return typeof propertyId === "number" ? propertyId : typeof id === "number" ? id : undefined;
}

/**
 * The address read once, when the caller may read it (400 when it is no address, 403 when not theirs). Public reads
 * (facts, the estimate) are open to a homeowner's unproven claim; private ones need proof of ownership.
 */
async function readable<T>(
  caller: SignedIn,
  address: string,
  scope: "public" | "private",
  action: AuditAction,
  read: (at: ReadAddress) => Promise<T>,
  detail?: Record<string, string>,
): Promise<T> {
  const at = addressKeyOf(address);
  const work = async () => {
    await assertMayRead(caller, at.key, scope);
    return read(at);
  };
  // A homeowner's look at the public side of their own home (its facts and estimate, on every page of it) is not a
  // read of private data: the log keeps staff's reads of anything, and everyone's of what is private.
  // Refusals are kept: someone probing homes that are not theirs.
  if (scope === "public" && !isStaff(caller))
    return work().catch((error: unknown) => {
      if (AppError.is(error) && error.status === 403)
        void audit({
          action,
          ...by(caller),
          address: at.label,
          addressKey: at.key,
          outcome: "refused",
          detail: { ...detail, error: error.code },
        });
      throw error;
    });
  return logged(caller, action, at, work, detail);
}

const isStaff = (caller: SignedIn) => (STAFF as readonly string[]).includes(caller.user.role);

export async function valuation(caller: SignedIn, address: string) {
  return readable(caller, address, "public", "lookup.valuation", (at) => valuationEstimate(caller, at));
}

/** Equity at the requested maximum LTV, the organization's by default. */
export async function equity(caller: SignedIn, address: string, requestedLtv?: number) {
  const maxLtv = requestedLtv ?? (await orgMaxLtv());
  return readable(caller, address, "private", "equity.read", (at) => equitySummary(caller, at, maxLtv));
}

export async function propertySummary(caller: SignedIn, address: string) {
  return readable(caller, address, "public", "lookup.summary", (at) => propertyFacts(caller, at));
}

/**
 * The report of an address. A homeowner's is always prepared for them (the account's name, as on their property page):
 * the applicant is part of the report's cache key, so a name of the caller's choosing would buy a new billable report
 * of their own home with every request. Officers and admins name their applicant.
 */
export async function report(
  caller: SignedIn,
  input: { address: string; applicantName: string; format: ReportFormat; locale?: Locale },
): Promise<ReportDownload> {
  const applicantName =
    caller.user.role === "homeowner" ? (caller.user.name ?? caller.user.email) : input.applicantName;
  // The service writes its PDF and HTML in English. For a reader of another language (the request's, as its pages
  // have it) the app asks for the same report as JSON (one billable call, as the file would be) and renders the PDF or
  // HTML itself, in their language.
  const locale = input.locale ?? caller.user.locale ?? "en";
  const translated = locale !== "en" && input.format !== "json" ? input.format : undefined;
  const fetched = await readable(
    caller,
    input.address,
    "private",
    "report.read",
    (at) => propertyReport(caller, at, { applicantName, format: translated ? "json" : input.format }),
    { format: input.format },
  );
  const file = translated ? await inLanguage(fetched, translated, locale) : fetched;
  // A homeowner's report carries their officer's card (none without one); the card is an extra, never a failure.
  if (caller.user.role !== "homeowner") return file;
  return withOfficerCard(file, await homeownerCard(caller.user.id).catch(() => null), locale);
}

// Files rendered in a language, by the JSON report they were made from: a PDF costs tens of milliseconds of CPU, and
// the same report downloaded again (its JSON served from the cache) is the same file.
const rendered = new LRUCache<string, { contentType: string; body: Uint8Array }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (file) => Math.max(1, file.body.byteLength),
});

/** The service's JSON report as the PDF or HTML file asked for, in the reader's language (rendered once per report). */
export async function inLanguage(
  json: ReportDownload,
  format: "pdf" | "html",
  locale: Locale,
): Promise<ReportDownload> {
  const key = `${format}:${locale}:${createHash("sha256").update(json.body).digest("base64url")}`;
  let file = rendered.get(key);
  if (!file) {
    file = await renderReportFile(json.body, format, locale);
    if (!file)
      throw new AppError({
        code: "upstream_error",
        message: "The property data service sent a report this app could not read. Please try again later.",
      });
    rendered.set(key, file);
  }
  return { ...json, ...file, filename: json.filename.replace(/\.json$/, `.${format}`) };
}
