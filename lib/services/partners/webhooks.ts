import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { and, count, desc, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isPublicAddress } from "@/lib/webhooks/address-check";
import { createDeliveries, newDeliveryId, type WebhookEvent } from "@/lib/webhooks/events";
import { queueAttempts } from "@/lib/webhooks/queue";
import { sampleData } from "@/lib/webhooks/schemas";
import { newSecret, openSecret, PREVIOUS_SECRET_HOURS, sealSecret } from "@/lib/webhooks/secrets";
import { audit } from "@/lib/services/audit/log";
import { requireStepUp } from "@/lib/services/access";
import { AppError } from "@/lib/services/errors";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as admins see it: never its secret (shown once, when made or rotated). */
export function endpointDto(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretUntil:
      row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type WebhookEndpointDto = ReturnType<typeof endpointDto>;

const badUrl = (reason: string) =>
  new AppError({ code: "invalid_request", message: `url: ${reason}`, fields: { url: reason } });

/** What an integrator trying a receiver on their own machine needs to know, said where they are refused. */
const TRY_LOCAL =
  " (to try a receiver on this machine or your network while developing, start the app with WEBHOOKS_ALLOW_PRIVATE=true; never in production)";

/**
 * The checks of a URL an admin registers: http(s) without credentials, and (unless WEBHOOKS_ALLOW_PRIVATE) https whose
 * host resolves only to public addresses. Deliveries check the address again when they connect (a name can move).
 */
export async function checkEndpointUrl(text: string): Promise<string> {
  if (!URL.canParse(text)) throw badUrl("must be a URL such as https://crm.example.com/webhooks");
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw badUrl("must be an http or https URL");
  if (url.username || url.password)
    throw badUrl("must not carry a user name or password (the signature authenticates the sender)");
  if (url.hash) throw badUrl("must not have a #fragment");
  if (env.WEBHOOKS_ALLOW_PRIVATE) return url.href;
  if (url.protocol !== "https:") throw badUrl(`must be https${TRY_LOCAL}`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);
  } catch {
    throw badUrl(`its host ${host} does not resolve`);
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined)
    throw badUrl(`its host resolves to ${refused}, a private, loopback or link-local address${TRY_LOCAL}`);
  return url.href;
}

async function endpointOf(id: number): Promise<EndpointRow> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new AppError({ code: "not_found", message: "No webhook endpoint has this id." });
  return row;
}

export async function listEndpoints(): Promise<WebhookEndpointDto[]> {
  const { db } = await getDatabase();
  return (
    await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
  ).map(endpointDto);
}

/**
 * Registers an endpoint; its secret is answered this once and kept only sealed. Every lead goes where this points, so
 * its route asks for a recent second factor (`stepUp: "webhook.create"`): a stale admin session is not enough.
 */
export async function createEndpoint(
  admin: SessionUser,
  input: { url: string; events: WebhookEvent[]; description?: string | null },
) {
  const url = await checkEndpointUrl(input.url);
  const secret = newSecret();
  const { db } = await getDatabase();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        events: [...new Set(input.events)],
        description: input.description ?? null,
        secretSealed: "",
        createdBy: admin.id,
      })
      .returning();
    const [sealed] = await tx
      .update(webhookEndpoints)
      .set({ secretSealed: sealSecret(made!.id, secret) })
      .where(eq(webhookEndpoints.id, made!.id))
      .returning();
    return sealed!;
  });
  void audit({ action: "webhook.create", detail: { endpointId: row.id, url, events: row.events.join(" ") } });
  return { ...endpointDto(row), secret };
}

/**
 * Changes an endpoint. Turning it on again clears why it was off and its run of failures; `rotateSecret` makes a new
 * secret (answered once) and keeps the old one signing beside it for 24 hours.
 */
export async function updateEndpoint(
  admin: SessionUser,
  id: number,
  input: {
    url?: string;
    events?: WebhookEvent[];
    enabled?: boolean;
    description?: string | null;
    rotateSecret?: boolean;
  },
) {
  // Turning an endpoint off is always allowed; anything that decides where events go, or with which secret, asks for a
  // recent factor.
  // Exactly that: with any other change beside it (a description too), it is a change like any other.
  const { enabled, rotateSecret, ...changes } = input;
  const onlyOff = enabled === false && !rotateSecret && Object.values(changes).every((value) => value === undefined);
  if (!onlyOff) requireStepUp(admin, "webhook.update", { detail: { endpointId: id } });
  const before = await endpointOf(id);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url);
  const now = new Date();
  const secret = input.rotateSecret ? newSecret() : undefined;
  const { db } = await getDatabase();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled === true && !before.enabled ? { enabled: true, disabledReason: null, failingSince: null } : {}),
      ...(input.enabled === false && before.enabled
        ? { enabled: false, disabledReason: `Turned off by ${admin.email}` }
        : {}),
      ...(secret
        ? {
            secretSealed: sealSecret(id, secret),
            // The secret it replaces, which only the current one could open under its own context.
            previousSecretSealed: sealSecret(id, openSecret(id, before.secretSealed), "previous"),
            previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000),
          }
        : {}),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  const changed = Object.keys(input).filter(
    (key) => key !== "rotateSecret" && input[key as keyof typeof input] !== undefined,
  );
  if (changed.length)
    void audit({
      action: "webhook.update",
      detail: { endpointId: id, changed: changed.join(" "), url: row!.url, enabled: row!.enabled },
    });
  if (secret) void audit({ action: "webhook.rotate", detail: { endpointId: id, url: row!.url } });
  return { ...endpointDto(row!), ...(secret ? { secret } : {}) };
}

export async function deleteEndpoint(id: number): Promise<void> {
  const row = await endpointOf(id);
  const { db } = await getDatabase();
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  void audit({ action: "webhook.delete", detail: { endpointId: id, url: row.url } });
}

function deliveryDto(row: typeof webhookDeliveries.$inferSelect) {
  return {
    id: row.id,
    eventType: row.eventType,
    test: row.payload.test === true,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseSummary: row.responseSummary,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
export type WebhookDeliveryDto = ReturnType<typeof deliveryDto>;

/** An endpoint's delivery log, newest first, a page at a time. */
export async function deliveriesOf(id: number, page = 1, size = 50) {
  await endpointOf(id);
  const { db } = await getDatabase();
  const where = eq(webhookDeliveries.endpointId, id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  void audit({ action: "webhook.deliveries.read", detail: { endpointId: id, page } });
  return { deliveries: rows.map(deliveryDto), page, size, total: total?.n ?? 0 };
}

/** "Send again": one more attempt now (then the schedule, while the event's 3 days last). */
export async function retryDelivery(id: number, deliveryId: string) {
  const endpoint = await endpointOf(id);
  if (!endpoint.enabled)
    throw new AppError({
      code: "endpoint_disabled",
      message: "This endpoint is turned off: turn it on first, then send again.",
    });
  const { db } = await getDatabase();
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
    .returning();
  if (!row) throw new AppError({ code: "not_found", message: "This endpoint has no delivery with this id." });
  await queueAttempts([{ deliveryId, attempt: row.attempts }]);
  void audit({ action: "webhook.retry", detail: { endpointId: id, deliveryId } });
  return deliveryDto(row);
}

/** "Send a test event": one of the real events with made-up values and `test: true`, to this endpoint only. */
export async function sendTestEvent(id: number, type?: WebhookEvent) {
  const endpoint = await endpointOf(id);
  if (!endpoint.enabled)
    throw new AppError({ code: "endpoint_disabled", message: "This endpoint is turned off: turn it on first." });
  const eventType = type ?? (endpoint.events[0] as WebhookEvent | undefined) ?? "lead.created";
  const now = new Date();
  const delivery = {
    id: newDeliveryId(),
    endpointId: id,
    eventType,
    payload: sampleData(eventType, now),
    createdAt: now,
    nextAttemptAt: now,
  };
  await createDeliveries([delivery]);
  void audit({ action: "webhook.test", detail: { endpointId: id, deliveryId: delivery.id, event: eventType } });
  return { id: delivery.id, eventType };
}
