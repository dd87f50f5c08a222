import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { leads, mailDeliveries, users } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { log } from "@/lib/log";
import { heldLeadsMessage } from "@/lib/mail/lead-messages";
import { sendMail } from "@/lib/mail/transport";
import { audit, by } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { findSiteById, type Site } from "@/lib/services/partners/sites";
import { toLeadDto, type LeadDto } from "./dto";
import { leadCreated } from "./events";
import { leadById } from "./store";

/**
 * Widget leads past their site's daily cap are kept but held for review: no officer mail and no webhook until an admin
 * releases them, and the organization's admins are mailed once a day per site about it.
 */

/** The job that mails the admins about a site's held leads (lib/jobs). */
export const HELD_NOTICE_JOB = "widget-held-notice";

/** The `mail_deliveries` period of a site's day: one admin mail each. */
const periodOf = (siteId: number, day: string) => `${day}:${siteId}`;

/** After a lead was held: queues the admins' mail, unless today's for this site is out already. Never throws. */
export async function leadHeld(site: Site, day: string, leadId: number): Promise<void> {
  try {
    const { db } = await getDatabase();
    const [told] = await db
      .select({ userId: mailDeliveries.userId })
      .from(mailDeliveries)
      .where(and(eq(mailDeliveries.kind, "widget_held"), eq(mailDeliveries.period, periodOf(site.id, day))))
      .limit(1);
    if (told) return;
    // Imported when used: the job engine's module imports the services its jobs run (this one's mail among them).
    const { jobs } = await import("@/lib/jobs");
    await (await jobs()).send(HELD_NOTICE_JOB, { siteId: site.id, day }, { key: periodOf(site.id, day) });
  } catch (error) {
    log.error({ err: error, leadId, siteId: site.id }, "widget lead: the admins' notice of held leads was not queued");
  }
}

/** The `widget-held-notice` job: each admin's mail about a site's held leads, once for the day whatever retries. */
export async function sendHeldNotice(siteId: number, day: string): Promise<"sent" | "already sent" | "no site"> {
  const site = await findSiteById(siteId);
  if (!site) return "no site";
  const { db } = await getDatabase();
  const admins = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, "admin"));
  const period = periodOf(siteId, day);
  let sent = 0;
  for (const admin of admins) {
    const claimed = await db
      .insert(mailDeliveries)
      .values({ userId: admin.id, kind: "widget_held", period })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) continue;
    const message = heldLeadsMessage({
      to: admin.email,
      site: site.name,
      cap: env.WIDGET_LEADS_PER_SITE_PER_DAY,
      leadsUrl: new URL("/leads", appOrigin).href,
    });
    try {
      await sendMail(message);
    } catch (error) {
      // Given back, so that the job's retry sends it.
      await db
        .delete(mailDeliveries)
        .where(
          and(
            eq(mailDeliveries.userId, admin.id),
            eq(mailDeliveries.kind, "widget_held"),
            eq(mailDeliveries.period, period),
          ),
        );
      throw error;
    }
    sent++;
  }
  return sent ? "sent" : "already sent";
}

/**
 * An admin releases a held lead: it goes to its officer as a new lead does (their mail, the `lead.created` webhook),
 * and the activity log says who let it through. 404 for no such lead, 409 for one that is not held.
 */
export async function releaseHeldLead(caller: Caller & { user: SessionUser }, leadId: number): Promise<LeadDto> {
  const { db } = await getDatabase();
  const [released] = await db
    .update(leads)
    .set({ heldAt: null })
    .where(and(eq(leads.id, leadId), isNotNull(leads.heldAt)))
    .returning({ id: leads.id, siteId: leads.siteId });
  const found = await leadById(leadId);
  if (!found) throw new AppError({ code: "not_found", message: "There is no such lead." });
  if (!released) {
    void audit({ action: "lead.release", ...by(caller), outcome: "refused", detail: { leadId, reason: "not_held" } });
    throw new AppError({ code: "not_held", message: "This lead is not held for review: its officer has it already." });
  }
  void audit({ action: "lead.release", ...by(caller), detail: { leadId, siteId: released.siteId } });
  await leadCreated(leadId);
  return toLeadDto(found);
}
