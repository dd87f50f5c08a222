import "server-only";
import { and, eq } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { mailDeliveries } from "@/lib/db/schema";
import { appOrigin } from "@/lib/env";
import { isOverdue } from "@/lib/leads/rules";
import { log } from "@/lib/log";
import { leadNoticeMessage, leadSummaryMessage, type LeadLine } from "@/lib/mail/lead-messages";
import { sendMail } from "@/lib/mail/transport";
import {
  claimNotice,
  leadById,
  leadMailOf,
  officerContact,
  releaseNotice,
  officersWithOpenLeads,
  summaryLeads,
  type NamedLead,
} from "./store";

const preferencesUrl = () => new URL("/account#lead-mail", appOrigin).href;

function lineOf({ lead, homeownerName, homeownerEmail }: NamedLead): LeadLine {
  return {
    id: lead.id,
    kind: lead.kind,
    status: lead.status,
    name: lead.name ?? homeownerName,
    email: lead.email ?? homeownerEmail,
    address: lead.address,
    phone: lead.phone,
    bestTime: lead.bestTime,
    timeZone: lead.timeZone,
    message: lead.message,
    scenario: lead.scenario,
    createdAt: lead.createdAt,
    url: new URL(`/leads/${lead.id}`, appOrigin).href,
  };
}

/**
 * The `lead-notice` job: the officer's email about one new lead, unless they chose the daily summary (then the summary
 * lists it). A lead already mailed is not mailed again (a retried job).
 */
export async function sendLeadNotice(
  leadId: number,
): Promise<"sent" | "daily" | "already sent" | "no officer" | "held"> {
  const found = await leadById(leadId);
  if (!found?.lead.officerId) return "no officer";
  // Held for review (past its site's cap): its release sends this job again.
  if (found.lead.heldAt) return "held";
  if (found.lead.notifiedAt) return "already sent";
  if ((await leadMailOf(found.lead.officerId)) === "daily") return "daily";
  const officer = await officerContact(found.lead.officerId);
  if (!officer) return "no officer";
  if ((await claimNotice([leadId])).length === 0) return "already sent";
  try {
    await sendMail(leadNoticeMessage({ to: officer.email, lead: lineOf(found), preferencesUrl: preferencesUrl() }));
  } catch (error) {
    await releaseNotice([leadId]);
    throw error;
  }
  log.info({ leadId, officerId: found.lead.officerId }, "lead notice sent");
  return "sent";
}

/** Officers who may have something for the daily lead summary. */
export const leadSummaryRecipients = officersWithOpenLeads;

/**
 * An officer's daily lead summary: the leads they were not mailed about yet, and the open ones that have waited more
 * than one business day. Once a day at most, and only on a day with something in it.
 */
export async function sendLeadSummary(
  officerId: number,
  day: string,
  now = new Date(),
): Promise<"sent" | "already sent" | "nothing"> {
  const officer = await officerContact(officerId);
  if (!officer) return "nothing";
  // An overdue lead is at least a day old; isOverdue then skips the weekend.
  const rows = await summaryLeads(officerId, new Date(now.getTime() - 24 * 3600_000));
  const fresh = rows.filter((row) => !row.lead.notifiedAt);
  const overdue = rows.filter((row) => row.lead.notifiedAt && isOverdue(row.lead, now));
  if (fresh.length === 0 && overdue.length === 0) return "nothing";
  const { db } = await getDatabase();
  const claimed = await db
    .insert(mailDeliveries)
    .values({ userId: officerId, kind: "lead_summary", period: day })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return "already sent";
  // The new leads this summary tells of: those a notice (racing it) has not claimed already.
  const mine = new Set(await claimNotice(fresh.map((row) => row.lead.id)));
  const told = fresh.filter((row) => mine.has(row.lead.id));
  if (told.length === 0 && overdue.length === 0) {
    await db
      .delete(mailDeliveries)
      .where(
        and(
          eq(mailDeliveries.userId, officerId),
          eq(mailDeliveries.kind, "lead_summary"),
          eq(mailDeliveries.period, day),
        ),
      );
    return "nothing";
  }
  try {
    await sendMail(
      leadSummaryMessage({
        to: officer.email,
        day,
        fresh: told.map(lineOf),
        overdue: overdue.map(lineOf),
        leadsUrl: new URL("/leads", appOrigin).href,
        preferencesUrl: preferencesUrl(),
      }),
    );
  } catch (error) {
    await releaseNotice([...mine]);
    await db
      .delete(mailDeliveries)
      .where(
        and(
          eq(mailDeliveries.userId, officerId),
          eq(mailDeliveries.kind, "lead_summary"),
          eq(mailDeliveries.period, day),
        ),
      );
    throw error;
  }
  log.info({ officerId, day, fresh: told.length, overdue: overdue.length }, "lead summary sent");
  return "sent";
}
