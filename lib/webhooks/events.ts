import "server-only";

/** What the lender's CRM can subscribe to (README "Webhooks" and the OpenAPI document's `webhooks` give each payload). */
export const WEBHOOK_EVENTS = ["lead.created", "lead.updated", "opportunity.found", "client.refreshed", "homeowner.engaged"] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Sends an event to every enabled endpoint subscribed to it, each delivery a job of its own (signed, retried with
 * backoff). Never throws to its caller: a CRM that is down must not fail the homeowner's request. The payload carries
 * ids and figures, never loan numbers.
 */
export async function emitEvent(type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  // Filled in by the delivery engine (lib/webhooks/deliveries.ts).
  void type;
  void data;
}
