import "server-only";
import { rememberedOfUser, userChanged } from "@/lib/auth/session-cache";
import { partnerSiteOf } from "@/lib/services/partners/partners";
import type { SessionUser } from "@/lib/auth/roles";
import { canMove, formatPhone, leadDay, timeZoneOfAddress, type LeadBody, type LeadStatus } from "@/lib/leads/rules";
import { limitAccount, RateLimitedError } from "@/lib/rate-limit";
import { audit, by } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { toHomeownerLeadDto, toLeadDto, type HomeownerLeadDto, type LeadDto } from "./dto";
import { leadCreated, leadUpdated } from "./events";
import { companyName } from "@/lib/services/portfolio/organization";
import {
  insertLead,
  leadById,
  leadMailOf,
  leadOfDay,
  leadsOfHomeowner,
  moveStatus,
  officerContact,
  pageOfLeads,
  setLeadMailOf,
  type NamedLead,
} from "./store";
import { assignedOfficer } from "@/lib/services/portfolio/officer-assignment";
import { homeownerView } from "@/lib/services/homes/owners";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { idsText, recordStaffRead } from "@/lib/services/audit/staff-reads";

type SignedIn = Caller & { user: SessionUser };

/** Who the consent names when the organization has not set its company name. */
export const LENDER_FALLBACK = "the lender of this dashboard";

/** What the homeowner's calls to action need: the officer they go to and the consent's exact words. */
export interface LeadContext {
  officerId: number;
  officerName: string;
  lender: string;
  consentText: string;
}

/**
 * The homeowner's officer and the consent's words in the language the homeowner reads them (the words shown are the
 * words stored with the lead); null when they have no officer (then no call to action shows).
 */
export async function leadContext(homeownerId: number, locale: Locale = "en"): Promise<LeadContext | null> {
  const assignment = await assignedOfficer(homeownerId);
  if (!assignment) return null;
  const [officer, company] = await Promise.all([officerContact(assignment.officerId), companyName()]);
  if (!officer) return null;
  const lender = company ?? LENDER_FALLBACK;
  const words = translator(locale, "ConsentWords");
  return {
    officerId: assignment.officerId,
    officerName: officer.name,
    lender,
    consentText: words("text", { lender: company ?? words("lenderFallback") }),
  };
}

const notFound = () => new AppError({ code: "not_found", message: "There is no such lead." });

/** The page a request came from, for the consent's record: the path of a Referer of this app's, else the API's. */
export function pageOf(referer: string | null, origins: readonly string[]): string {
  try {
    const url = new URL(referer ?? "");
    if (origins.includes(url.origin)) return url.pathname.slice(0, 300);
  } catch {
    // No Referer, or not a URL: an API call.
  }
  return "/api/leads";
}

/**
 * Sends a homeowner's question, call request or quote request to their officer. The home must be one they proved they
 * own (404 otherwise, as for a home that does not exist); without an officer it is a 409 `no_officer`. One lead per
 * kind and day: a second answers `{ created: false }` with the first. The consent's exact words (naming the lender),
 * time, client address and page are kept with any phone.
 */
export async function createLead(
  caller: SignedIn,
  body: LeadBody,
  page: string,
  locale: Locale = "en",
): Promise<{ created: boolean; lead: HomeownerLeadDto }> {
  const refuse = (reason: string) =>
    void audit({
      action: "lead.create",
      ...by(caller),
      outcome: "refused",
      propertyId: body.propertyId,
      detail: { kind: body.kind, reason },
    });
  try {
    await limitAccount("lead", String(caller.user.id));
  } catch (error) {
    if (!RateLimitedError.is(error)) throw error;
    refuse("rate_limited");
    throw new AppError({ code: "rate_limited", message: error.message, retryAfter: error.retryAfterSeconds });
  }
  const view = await homeownerView(caller);
  const home = view.properties.find((p) => p.verified && p.propertyId === body.propertyId);
  if (!home) {
    refuse("not_found");
    throw new AppError({
      code: "not_found",
      message: "There is no such home among the homes you proved you own.",
      fields: {
        propertyId: "is not one of your homes",
      },
    });
  }
  // The language the page showed the consent in, by the same rule as the page (the account's choice, its cookie, its
  // browser): the words stored are those words, whatever the request says of itself.
  const context = await leadContext(caller.user.id, locale);
  if (!context) {
    refuse("no_officer");
    throw new AppError({ code: "no_officer", message: "You have no loan officer to send this to yet." });
  }
  const now = new Date();
  const day = leadDay(now);
  const phone = body.phone ? formatPhone(body.phone) : undefined;
  // A partner's member asks from inside the partner's frame (the embedded dashboard): the lead names the site.
  const siteId = caller.partnerSiteId ?? (await partnerSiteOf(caller.user.id));
  const row = await insertLead({
    officerId: context.officerId,
    homeownerId: caller.user.id,
    source: siteId ? "embed" : "dashboard",
    siteId: siteId ?? null,
    kind: body.kind,
    propertyId: body.propertyId,
    address: home.facts.address,
    name: caller.user.name,
    email: caller.user.email,
    message: body.message || null,
    phone: phone ?? null,
    bestTime: phone ? (body.bestTime ?? "any") : null,
    timeZone: timeZoneOfAddress(home.facts.address) ?? null,
    consent: phone ? { text: context.consentText, locale, at: now.toISOString(), ip: caller.ip || null, page } : null,
    scenario: body.scenario ?? null,
    day,
  });
  if (!row) {
    const existing = await leadOfDay(caller.user.id, body.kind, day);
    refuse("already_sent");
    if (!existing) throw new AppError({ code: "already_sent", message: "You already sent this today." });
    return { created: false, lead: toHomeownerLeadDto(existing) };
  }
  void audit({
    action: "lead.create",
    ...by(caller),
    propertyId: body.propertyId,
    address: home.facts.address,
    detail: { leadId: row.id, kind: row.kind },
  });
  // Their pages' panel says what went today (kept with their snapshots, see leadPanel): it says so at once.
  await userChanged(caller.user.id);
  await leadCreated(row.id);
  const named = await leadById(row.id);
  return {
    created: true,
    lead: toHomeownerLeadDto(
      named ?? { lead: row, homeownerName: null, homeownerEmail: null, officerName: context.officerName },
    ),
  };
}

/** The homeowner's own leads, with the officer's name and the status in words (a read of the log). */
export async function homeownerLeads(caller: SignedIn): Promise<HomeownerLeadDto[]> {
  const rows = await leadsOfHomeowner(caller.user.id);
  void audit({
    action: "leads.read",
    ...by(caller),
    detail: { count: rows.length, via: "homeowner", leadIds: idsText(rows.map((r) => r.lead.id)) },
  });
  return rows.map(toHomeownerLeadDto);
}

/** Officers see their own leads; admins everyone's. */
const officerFilter = (user: SessionUser) => (user.role === "admin" ? undefined : user.id);

/** A page of leads, newest first (GET /api/leads and /leads): one row of the activity log naming them. */
export async function readLeads(
  caller: SignedIn,
  query: { status?: LeadStatus; page: number; size: number },
  via: "api" | "page" = "api",
) {
  const { rows, total } = await pageOfLeads({
    officerId: officerFilter(caller.user),
    ...query,
    held: caller.user.role === "admin",
  });
  const ids = rows.map((r) => r.lead.id);
  await recordStaffRead(caller, {
    action: "leads.read",
    bulk: "leads.read",
    count: ids.length,
    via,
    detail: { leadIds: idsText(ids), status: query.status ?? null },
  });
  return {
    leads: rows.map(toLeadDto),
    total,
    page: query.page,
    size: query.size,
    pages: Math.max(1, Math.ceil(total / query.size)),
  };
}

/**
 * One lead the caller may see: their own (an officer's) once it is not held for review, anyone's (an admin's); 404
 * otherwise. A held lead is the admins' until one releases it.
 */
async function visibleLead(user: SessionUser, leadId: number): Promise<NamedLead> {
  const found = await leadById(leadId);
  if (!found) throw notFound();
  if (user.role !== "admin" && (found.lead.officerId !== user.id || found.lead.heldAt)) throw notFound();
  return found;
}

export async function readLead(caller: SignedIn, leadId: number, via: "api" | "page" = "api"): Promise<LeadDto> {
  let found: NamedLead;
  try {
    found = await visibleLead(caller.user, leadId);
  } catch (error) {
    if (AppError.is(error))
      void audit({
        action: "lead.read",
        ...by(caller),
        outcome: "refused",
        detail: { leadId, via, reason: error.code },
      });
    throw error;
  }
  // One record, counted with the session's others: walking leads id by id adds up as paging does.
  await recordStaffRead(caller, {
    action: "lead.read",
    bulk: "leads.read",
    count: 1,
    via,
    detail: { leadId },
    subjectUserId: found.lead.homeownerId ?? undefined,
    propertyId: found.lead.propertyId ?? undefined,
  });
  return toLeadDto(found);
}

/** Moves a lead new → contacted → won | lost | spam; who and when are kept, and `lead.updated` goes to the CRM. */
export async function changeLeadStatus(caller: SignedIn, leadId: number, status: LeadStatus): Promise<LeadDto> {
  const found = await visibleLead(caller.user, leadId).catch((error: unknown) => {
    if (AppError.is(error))
      void audit({
        action: "lead.status",
        ...by(caller),
        outcome: "refused",
        detail: { leadId, to: status, reason: error.code },
      });
    throw error;
  });
  const from = found.lead.status;
  if (from === status) return toLeadDto(found);
  if (!canMove(from, status)) {
    void audit({
      action: "lead.status",
      ...by(caller),
      outcome: "refused",
      detail: { leadId, from, to: status, reason: "invalid_move" },
    });
    throw new AppError({
      code: "invalid_status",
      message: `A ${from} lead cannot become ${status}.`,
      fields: {
        status: `cannot go from ${from} to ${status}`,
      },
    });
  }
  const moved = await moveStatus(leadId, from, status, caller.user.id);
  if (!moved)
    throw new AppError({
      code: "changed",
      message: "Someone changed this lead a moment ago; reload it to see where it stands.",
    });
  // The homeowner's panel shows the lead's status: theirs is read again.
  if (found.lead.homeownerId !== null) await userChanged(found.lead.homeownerId);
  void audit({
    action: "lead.status",
    ...by(caller),
    subjectUserId: found.lead.homeownerId ?? undefined,
    propertyId: found.lead.propertyId ?? undefined,
    detail: { leadId, from, to: status },
  });
  await leadUpdated(leadId);
  return toLeadDto({ ...found, lead: moved });
}

/** How the officer hears of new leads: "each" (an email within a minute) or "daily" (the summary). */
export const leadMail = leadMailOf;

export async function setLeadMail(caller: SignedIn, mode: "each" | "daily"): Promise<"each" | "daily"> {
  await setLeadMailOf(caller.user.id, mode);
  void audit({ action: "lead.mail", ...by(caller), detail: { leadMail: mode } });
  return mode;
}

/** What the homeowner's pages need for the calls to action: the officer, the consent's words, and what went today. */
export interface LeadPanel {
  officerName: string;
  consentText: string;
  today: { question?: HomeownerLeadDto; call?: HomeownerLeadDto; quote?: HomeownerLeadDto };
}

/** The calls to action's data for a homeowner's page; null when they have no officer (then none shows). */
export async function leadPanel(caller: SignedIn, locale: Locale = "en"): Promise<LeadPanel | null> {
  const day = leadDay(new Date());
  // The consent's words name the lender, and the words kept with a lead must be the words the page showed: the panel
  // is kept under the lender's name as it is now (the organization's name is replaced in the cache when an admin saves
  // it), so a renamed lender is a new panel at the next view, never the old words for a minute.
  const lender = (await companyName()) ?? "";
  // On every view of the dashboard and of each home: kept with the homeowner's snapshots (session-cache.ts), read again
  // when they send a lead or an officer moves one (both call userChanged), when the day turns or the lender's name
  // changes, and within a minute of a change to their officer's details.
  const panel = await rememberedOfUser(caller.user.id, `lead-panel:${locale}:${day}:${lender}`, async () => {
    const context = await leadContext(caller.user.id, locale);
    if (!context) return null;
    const mine = (await leadsOfHomeowner(caller.user.id, 10)).filter((row) => row.lead.day === day);
    const today: LeadPanel["today"] = {};
    for (const row of mine) if (row.lead.kind !== "report") today[row.lead.kind] ??= toHomeownerLeadDto(row);
    return {
      officerName: context.officerName,
      consentText: context.consentText,
      today,
      leadIds: mine.map((row) => row.lead.id),
    };
  });
  if (!panel) return null;
  const { leadIds, ...shown } = panel;
  if (leadIds.length > 0)
    void audit({
      action: "leads.read",
      ...by(caller),
      detail: { count: leadIds.length, via: "page", leadIds: idsText(leadIds) },
    });
  return shown;
}
