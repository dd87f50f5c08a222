import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { users, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { log } from "@/lib/log";
import { webhookDisabledMessage } from "@/lib/mail/messages";
import { sendMail } from "@/lib/mail/transport";
import { queueAttempts, type DeliveryJob } from "@/lib/webhooks/queue";
import { failedTooLong, nextAttemptAt } from "@/lib/webhooks/schedule";
import { eventBody } from "@/lib/webhooks/schemas";
import { signedHeaders, signingSecrets } from "@/lib/webhooks/secrets";
import { postEvent } from "@/lib/webhooks/send";
import { audit } from "@/lib/services/audit/log";

type Endpoint = typeof webhookEndpoints.$inferSelect;
export type AttemptOutcome = "delivered" | "retrying" | "failed" | "endpoint disabled" | "stale" | "gone";

/**
 * One attempt at one delivery (a job): signed afresh, posted, and recorded. A 2xx is delivered and clears the
 * endpoint's run of failures; anything else is tried again on the schedule (lib/webhooks/schedule.ts) until the
 * event's 3 days are spent, and an endpoint failing for 3 days is turned off and the admins mailed. A job whose attempt
 * was already made (another job for the same delivery, "Send again") does nothing: each attempt is claimed by its
 * number. A use-case, over lib/webhooks: it writes the activity log (lib/services/audit/log.ts) when it turns one off.
 */
export async function attemptDelivery(job: DeliveryJob): Promise<AttemptOutcome> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId));
  if (!row) return "gone";
  const { delivery, endpoint } = row;
  if (delivery.attempts !== job.attempt) return "stale";
  const current = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, job.attempt));
  if (!endpoint.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, responseSummary: "not sent: the endpoint is turned off" })
      .where(current);
    return "endpoint disabled";
  }
  const now = new Date();
  const claimed = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: now, nextAttemptAt: null })
    .where(current)
    .returning({ attempts: webhookDeliveries.attempts });
  if (claimed.length === 0) return "stale";
  const attempts = claimed[0]!.attempts;

  const body = eventBody(delivery.eventType, delivery.createdAt, delivery.payload);
  const outcome = await postEvent(
    endpoint.url,
    signedHeaders(signingSecrets(endpoint, now), delivery.id, now, body),
    body,
    env.WEBHOOKS_ALLOW_PRIVATE,
  );
  const context = {
    endpointId: endpoint.id,
    deliveryId: delivery.id,
    event: delivery.eventType,
    attempt: attempts,
    status: outcome.status,
  };

  if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
    await db
      .update(webhookDeliveries)
      .set({
        status: "delivered",
        deliveredAt: new Date(),
        responseStatus: outcome.status,
        responseSummary: outcome.summary,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (endpoint.failingSince)
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    log.info(context, "webhooks: delivered");
    return "delivered";
  }

  const summary = outcome.status === null ? outcome.summary : outcome.summary || `HTTP ${outcome.status}`;
  const next = nextAttemptAt(delivery.createdAt, attempts, new Date(), env.WEBHOOKS_RETRY_SCALE);
  log.warn({ ...context, reason: summary, nextAttemptAt: next?.toISOString() ?? null }, "webhooks: delivery failed");
  await db
    .update(webhookDeliveries)
    .set({
      status: next ? "pending" : "failed",
      responseStatus: outcome.status,
      responseSummary: summary,
      nextAttemptAt: next,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  // The run of failures starts at its first failure; a success ends it.
  const failingSince = endpoint.failingSince ?? now;
  if (!endpoint.failingSince)
    await db
      .update(webhookEndpoints)
      .set({ failingSince: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
  if (failedTooLong(failingSince, new Date(), env.WEBHOOKS_RETRY_SCALE)) {
    await turnOff(endpoint, failingSince, summary);
    return "failed";
  }
  if (next) await queueAttempts([{ deliveryId: delivery.id, attempt: attempts, startAfter: next }]);
  return next ? "retrying" : "failed";
}

/** Turns off an endpoint that failed for 3 days (once, whichever delivery sees it first) and mails every admin. */
async function turnOff(endpoint: Endpoint, since: Date, reason: string): Promise<void> {
  const { db } = await getDatabase();
  const disabledReason = `Turned off after failing for 3 days (since ${since.toISOString()}): ${reason}`.slice(
    0,
    1_000,
  );
  const [changed] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!changed) return;
  log.error(
    { endpointId: endpoint.id, url: endpoint.url, since: since.toISOString(), reason },
    "webhooks: endpoint turned off after 3 days of failures",
  );
  void audit({
    action: "webhook.disable",
    actor: null,
    detail: { endpointId: endpoint.id, url: endpoint.url, reason: disabledReason },
  });
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  for (const { email } of admins) {
    try {
      await sendMail(
        webhookDisabledMessage({ to: email, url: endpoint.url, since, reason, pageUrl: `${appOrigin}/admin/webhooks` }),
      );
    } catch (error) {
      log.warn({ err: error, to: email }, "webhooks: could not mail an admin about the endpoint turned off");
    }
  }
}
