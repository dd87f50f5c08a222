import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { queueAttempts } from "./queue";
import type { WebhookEvent } from "./event-types";

export { WEBHOOK_EVENTS, type WebhookEvent } from "./event-types";

/** A delivery's id, the `webhook-id` header: the same on every retry, the receiver's key to drop a repeat. */
export const newDeliveryId = () => `msg_${randomBytes(16).toString("base64url")}`;

type NewDelivery = typeof webhookDeliveries.$inferInsert;

/** Stores deliveries and queues the first attempt of each (rows of a thousand at a time). */
export async function createDeliveries(rows: NewDelivery[]): Promise<void> {
  const { db } = await getDatabase();
  for (let i = 0; i < rows.length; i += 1_000) {
    const chunk = rows.slice(i, i + 1_000);
    await db.insert(webhookDeliveries).values(chunk);
    await queueAttempts(chunk.map((row) => ({ deliveryId: row.id, attempt: 0 })));
  }
}

/**
 * Sends an event to every enabled endpoint subscribed to it, each delivery a job of its own (signed, retried with
 * backoff). Never throws to its caller: a CRM that is down must not fail the homeowner's request. The payload carries
 * ids and figures, never loan numbers.
 */
export async function emitEvent(type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  await emitEvents([{ type, data }]);
}

/** emitEvent for many events at once (a portfolio refresh's): one insert and one queueing for all. Never throws. */
export async function emitEvents(events: { type: WebhookEvent; data: Record<string, unknown> }[]): Promise<void> {
  if (events.length === 0) return;
  try {
    const { db } = await getDatabase();
    const endpoints = await db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.enabled, true));
    const createdAt = new Date();
    const rows = events.flatMap(({ type, data }) =>
      endpoints
        .filter((endpoint) => endpoint.events.includes(type))
        .map((endpoint) => ({
          id: newDeliveryId(),
          endpointId: endpoint.id,
          eventType: type,
          payload: data,
          createdAt,
          nextAttemptAt: createdAt,
        })),
    );
    await createDeliveries(rows);
  } catch (error) {
    log.error({ err: error, events: events.map((event) => event.type) }, "webhooks: could not queue events");
  }
}
