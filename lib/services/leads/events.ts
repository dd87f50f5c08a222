import "server-only";
import { log } from "@/lib/log";
import { emitEvent } from "@/lib/webhooks/events";
import { leadPayload } from "./dto";
import { leadById } from "./store";

/** The job that mails the officer about one new lead (lib/jobs); a lead is mailed once, whatever retries. */
export const LEAD_NOTICE_JOB = "lead-notice";

/**
 * What follows a new lead, wherever it came from (the dashboard, the embedded dashboard, the value widget): the
 * officer's email (at once or in the daily summary, as they chose: a pg-boss job) and the `lead.created` webhook.
 * Never throws to its caller: the lead is saved first, and a failure here is logged, not shown to the homeowner.
 */
export async function leadCreated(leadId: number): Promise<void> {
  try {
    // Imported when used: the job engine's module imports the services its jobs run (this one's mail among them).
    const { jobs } = await import("@/lib/jobs");
    await (await jobs()).send(LEAD_NOTICE_JOB, { leadId }, { key: String(leadId) });
  } catch (error) {
    log.error({ err: error, leadId }, "lead: the officer's notice could not be queued");
  }
  await emitLead("lead.created", leadId);
}

/** What follows a lead's change (its status): the `lead.updated` webhook. Never throws to its caller. */
export async function leadUpdated(leadId: number): Promise<void> {
  await emitLead("lead.updated", leadId);
}

async function emitLead(type: "lead.created" | "lead.updated", leadId: number): Promise<void> {
  try {
    const found = await leadById(leadId);
    // A lead held for review goes to the CRM when an admin releases it, not before.
    if (found && !found.lead.heldAt) await emitEvent(type, leadPayload(found));
  } catch (error) {
    log.error({ err: error, leadId, type }, "lead: the webhook event could not be sent");
  }
}
