import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { addressKey, displayKey } from "@/lib/address/format";
import { getDatabase } from "@/lib/db";
import { leads, reportLinks, users } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { reportLinkMessage } from "@/lib/mail/report-link";
import { sendMail } from "@/lib/mail/transport";
import { limitWidgetLead, RateLimitedError } from "@/lib/rate-limit";
import { originOf } from "@/lib/security/origins";
import { addressKeyOf, type ReadAddress } from "@/lib/services/homes/addresses";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { leadCreated } from "./events";
import { widgetValuation, type Site } from "@/lib/services/partners/sites";
import { companyName, defaultOfficer } from "@/lib/services/portfolio/organization";
import { leadHeld } from "./held-leads";
import { spendLeadStamp } from "./widget-challenge";
import { leadIpKey, leadNetworkKey, spendLeadLimits, withinSiteCap } from "./widget-limits";

/**
 * The lender a consent names: the organization's company name, or (none given yet) a plain description of it in the
 * visitor's language.
 */
export async function lenderName(locale: Locale = "en"): Promise<string> {
  return (await companyName()) ?? translator(locale, "WidgetConsent")("lenderFallback");
}

/**
 * The exact words of the consent to be called or texted (TCPA: one seller, named), in the language the visitor reads
 * the widget in: what the checkbox says and, word for word, what is stored with the lead.
 */
export const consentWords = (lender: string, locale: Locale = "en") =>
  translator(locale, "WidgetConsent")("text", { lender });

export interface WidgetLeadInput {
  address: string;
  name: string;
  email: string;
  phone?: string;
  consent?: boolean;
  page?: string;
  website?: string;
  challenge: string;
  solution: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The site's officer, else the organization's default (lib/services/portfolio/organization.ts: the first loan officer
 * while an admin has chosen none), else nobody; only staff who still exist count.
 */
async function officerOf(site: Site): Promise<number | null> {
  const { db } = await getDatabase();
  const staff = async (id: number | null | undefined) => {
    if (id == null) return false;
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
    return row !== undefined && row.role !== "homeowner";
  };
  if (await staff(site.officerId)) return site.officerId;
  return (await defaultOfficer())?.officerId ?? null;
}

function phoneOf(input: WidgetLeadInput): string | undefined {
  if (!input.phone) return undefined;
  const parsed = parsePhoneNumberFromString(input.phone, "US");
  if (!parsed?.isValid())
    throw new AppError({
      code: "invalid_request",
      message: "phone: write a phone number such as (206) 555-0123",
      fields: {
        phone: "must be a phone number",
      },
    });
  if (input.consent !== true) {
    throw new AppError({
      code: "invalid_request",
      message: "consent: tick the consent to be called or texted, or leave the phone number out",
      fields: {
        consent: "is required with a phone number",
      },
    });
  }
  return parsed.number;
}

/**
 * The per-house key of a lead: the house the service valued, not the address as typed. The valuation does not confirm
 * a unit (the service answers "4098 Wallingford Ave N Unit 1" with the house when the house has no units), so the
 * building without the unit, with the valuation it got: made-up units of one house count as that house, while the
 * units of one condominium building, valued apart, count apart.
 */
function houseKey(at: ReadAddress, estimate: { value: number; low: number; high: number; eventDate: string }): string {
  const building = addressKey({ ...at.parts, unitType: "", unitNumber: "" });
  return `${building}|${estimate.eventDate}|${estimate.value}|${estimate.low}|${estimate.high}`;
}

/**
 * One mailbox however its address is spelt (case, a "+tag"), hashed: the key of the per-recipient limit on report
 * links, so that the form cannot be used to mail one stranger again and again.
 */
const recipientKey = (email: string) => {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  return hashToken(`${address.slice(0, at).split("+")[0]}${address.slice(at)}`);
};

/** Whether the day's report links to this recipient allow one more (spending it); a lead over it is kept unmailed. */
async function mayMail(email: string): Promise<boolean> {
  try {
    await limitWidgetLead("leadMail", recipientKey(email));
    return true;
  } catch (error) {
    if (!RateLimitedError.is(error)) throw error;
    return false;
  }
}

/** The page the form was on, for the consent's record: empty, or an http(s) address on one of the site's origins. */
function pageOf(site: Site, page: string | undefined): string {
  if (!page) return "";
  const origin = originOf(page);
  if (origin && site.allowedOrigins.includes(origin)) return page;
  throw new AppError({
    code: "invalid_request",
    message: "page: must be an http(s) address on one of the site's origins",
    fields: { page: "must be an http(s) address on one of the site's origins" },
  });
}

/**
 * A widget visitor's "Get my full report": checks the page, the proof of work (whose signed language the consent and
 * mail are written in) and the time to submit, then the day's limits, spent only for a lead that passed everything else
 * (per visitor IP or IPv6 /64, per network, per house as the service valued it); saves a lead for the site's officer
 * with the estimate the widget showed, and mails the visitor a single-use report link (at most a few a day to one
 * recipient). Past the site's daily cap the lead is still taken but held for review (see held-leads.ts); only far past
 * it is there a 429. A filled honeypot is answered as a success and creates nothing.
 */
export async function createWidgetLead(
  site: Site,
  ip: string,
  input: WidgetLeadInput,
): Promise<{ accepted: true; leadId?: number }> {
  if (input.website?.trim()) {
    log.info({ siteId: site.id }, "widget lead: honeypot filled, nothing created");
    return { accepted: true };
  }
  const page = pageOf(site, input.page);
  const at = addressKeyOf(input.address);
  const phone = phoneOf(input);
  const { locale } = await spendLeadStamp(site.siteKey, input.challenge, input.solution);
  // The widget's own lookup (its budget and per-visitor limit), most often from the cache: the visitor just saw it.
  const estimate = await widgetValuation(site, ip, input.address);
  // The day's limits, all or none, once the lead passed every other check: per house as the service found it (see
  // houseKey), so after the lookup; before anything is written.
  await spendLeadLimits(
    [
      // Each the site's own (as its 429 says): a visitor's requests on one partner's page leave another's form open.
      { limit: "leadIp", key: `${site.id}:${leadIpKey(ip)}` },
      { limit: "leadNetwork", key: `${site.id}:${leadNetworkKey(ip)}` },
      { limit: "leadAddress", key: `${site.id}:${houseKey(at, estimate)}` },
      { limit: "leadSiteCeiling", key: String(site.id) },
    ],
    locale,
  );
  const held = !(await withinSiteCap(site.id));
  const address = displayKey(estimate.address);
  const lender = await lenderName(locale);
  const now = new Date();
  const { db } = await getDatabase();
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + env.WIDGET_REPORT_LINK_SECONDS * 1000);
  const officerId = await officerOf(site);
  const mailed = await mayMail(input.email);
  const leadId = await db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        officerId,
        source: "widget",
        kind: "report",
        siteId: site.id,
        address,
        name: input.name,
        email: input.email,
        phone,
        consent: phone ? { text: consentWords(lender, locale), locale, at: now.toISOString(), ip, page } : null,
        scenario: {
          kind: "estimate",
          value: estimate.value,
          low: estimate.low,
          high: estimate.high,
          confidence: estimate.confidence,
          date: estimate.eventDate,
        },
        day: dayOf(now),
        heldAt: held ? now : null,
      })
      .returning({ id: leads.id });
    if (mailed)
      await tx
        .insert(reportLinks)
        .values({ tokenHash: hashToken(token), leadId: lead!.id, address: estimate.address, expiresAt: expires });
    return lead!.id;
  });
  if (mailed) {
    const url = new URL("/report", appOrigin);
    url.searchParams.set("token", token);
    // The lead is saved whatever the mail server does: the officer still hears of it, and a retry would make a second
    // one.
    await sendMail(reportLinkMessage({ to: input.email, address, url: url.href, expires, lender, locale })).catch(
      (error: unknown) => log.error({ err: error, leadId }, "widget lead: the report link could not be mailed"),
    );
  } else {
    // The answer stays the same (it would tell who has been sent links): the officer has the lead, the mailbox no more.
    log.info({ leadId, siteId: site.id }, "widget lead: the recipient has had the day's report links, none mailed");
  }
  void audit({
    action: "lead.widget",
    actor: null,
    ip,
    address,
    addressKey: at.key,
    detail: { leadId, siteId: site.id, officerId, mailed, held },
  });
  // A held lead's officer mail and webhook wait for an admin's release; the admins hear of it once a day.
  if (held) await leadHeld(site, dayOf(now), leadId);
  else await leadCreated(leadId);
  return { accepted: true, leadId };
}
