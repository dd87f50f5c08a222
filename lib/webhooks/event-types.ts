/**
 * What the lender's CRM can subscribe to (README "Webhooks" and the OpenAPI document's `webhooks` give each payload).
 */
export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "opportunity.found",
  "client.refreshed",
  "homeowner.engaged",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
