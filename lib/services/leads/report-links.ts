import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { leads, reportLinks } from "@/lib/db/schema";
import type { PropertyFacts } from "@/lib/services/homes/dto";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { findSiteById, widgetFacts } from "@/lib/services/partners/sites";
import { hashToken, lenderName } from "./widget";

/** What a report link is now: one that opens, or why it does not. */
export type ReportLinkState = "ready" | "used" | "expired" | "unknown";

/** A link's state, changing nothing (mail scanners open links before people do). */
export async function reportLinkState(token: string): Promise<ReportLinkState> {
  const { db } = await getDatabase();
  const [link] = await db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.tokenHash, hashToken(token)));
  if (!link) return "unknown";
  if (link.usedAt) return "used";
  return link.expiresAt.getTime() <= Date.now() ? "expired" : "ready";
}

export interface PublicReport {
  facts: PropertyFacts;
  lender: string;
}

const REFUSALS: Record<Exclude<ReportLinkState, "ready">, AppError> = {
  unknown: new AppError({
    code: "not_found",
    message: "This report link is not one we sent. Copy the whole link from the email.",
  }),
  used: new AppError({
    code: "link_used",
    message:
      "This report link was already used: each link opens the report once. Ask for a new one on the site you came from.",
  }),
  expired: new AppError({
    code: "link_expired",
    message: "This report link has expired: links work for 7 days. Ask for a new one on the site you came from.",
  }),
};

/**
 * Opens a report link, once: marks it used and reads the home's public report (its facts and the branded estimate,
 * never a loan), through the widget site's budget. 404 for a link we did not send, 410 for a used or expired one.
 */
export async function openReportLink(token: string, ip: string): Promise<PublicReport> {
  const { db } = await getDatabase();
  const tokenHash = hashToken(token);
  const [link] = await db
    .update(reportLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(reportLinks.tokenHash, tokenHash), isNull(reportLinks.usedAt), gt(reportLinks.expiresAt, new Date())))
    .returning();
  if (!link) {
    const state = await reportLinkState(token);
    void audit({ action: "report_link.open", outcome: "refused", actor: null, ip, detail: { reason: state } });
    throw REFUSALS[state === "ready" ? "used" : state];
  }
  const [lead] = await db.select({ siteId: leads.siteId }).from(leads).where(eq(leads.id, link.leadId));
  const site = lead?.siteId == null ? undefined : await findSiteById(lead.siteId);
  if (!site)
    throw new AppError({
      code: "link_expired",
      message: "The site this report was asked from is no longer registered.",
    });
  try {
    const report = { facts: await widgetFacts(site, ip, link.address), lender: await lenderName() };
    void audit({
      action: "report_link.open",
      actor: null,
      ip,
      addressKey: link.address,
      detail: { leadId: link.leadId },
    });
    return report;
  } catch (error) {
    // The report could not be made (the site's budget spent for the day, the service away): the link is not spent,
    // so the visitor can try it again. The report carries nothing the visitor wrote (the form's name is not repeated).
    await db.update(reportLinks).set({ usedAt: null }).where(eq(reportLinks.tokenHash, tokenHash));
    throw error;
  }
}
