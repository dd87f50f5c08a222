import "server-only";

/**
 * What follows a new lead, wherever it came from (the dashboard, the embedded dashboard, the value widget): the
 * officer's email (at once or in the daily summary, as they chose: a pg-boss job) and the `lead.created` webhook.
 * Never throws to its caller: the lead is saved first, and a failure here is logged, not shown to the homeowner.
 */
export async function leadCreated(leadId: number): Promise<void> {
  // Filled in with the leads' notifications (lib/services/leads.ts).
  void leadId;
}
