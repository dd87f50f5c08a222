import { z } from "zod";
import { DbId } from "@/lib/db/id";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/event-types";

/** The webhooks' API: what admins send and what they get back (lib/services/partners/webhooks.ts). */
const Events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }), {
    error: "must be a list of events",
  })
  .min(1, "choose at least one event")
  .max(WEBHOOK_EVENTS.length);
const Url = z
  .string({ error: "url is required" })
  .trim()
  .min(1, "url is required")
  .max(2_000, "url must be at most 2,000 characters");
const Description = z
  .string({ error: "must be text" })
  .trim()
  .max(200, "description must be at most 200 characters")
  .nullable();

export const WebhookCreateBody = z.object({ url: Url, events: Events, description: Description.optional() });

export const WebhookUpdateBody = z
  .object({
    url: Url.optional(),
    events: Events.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional(),
    description: Description.optional(),
    rotateSecret: z.literal(true, { error: "must be true (or left out)" }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "change at least one of url, events, enabled, description, rotateSecret",
  });

const positive = z.coerce
  .number({ error: "must be a positive whole number" })
  .int("must be a positive whole number")
  .positive("must be a positive whole number");
export const WebhookParams = z.object({ webhookId: DbId });
export const WebhookDeliveryParams = z.object({
  webhookId: DbId,
  deliveryId: z.string().regex(/^msg_[\w-]{1,64}$/, "must be a delivery id (msg_…)"),
});
export const DeliveriesQuery = z.object({
  page: positive.max(100_000).default(1),
  size: positive.max(200, "must be at most 200").default(50),
});
export const WebhookTestBody = z.object({
  event: z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }).optional(),
});

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  previousSecretUntil: z
    .string()
    .nullable()
    .describe("While set, the replaced secret still signs too (two signatures)"),
  createdAt: z.string(),
});
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().describe("whsec_…: shown this once"),
});
export const WebhookEndpointUpdated = WebhookEndpoint.extend({
  secret: z.string().optional().describe("The new secret, when rotated: shown this once"),
});
export const WebhookEndpoints = z.object({ endpoints: z.array(WebhookEndpoint) });
export const WebhookDelivery = z.object({
  id: z.string().describe("msg_…: the webhook-id header, the same on every attempt"),
  eventType: z.string(),
  test: z.boolean(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseSummary: z
    .string()
    .nullable()
    .describe("The first bytes of the answer, or why none came (a refused address, a timeout)"),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export const WebhookDeliveries = z.object({
  deliveries: z.array(WebhookDelivery),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export const WebhookTestSent = z.object({ id: z.string(), eventType: z.string() });
