import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { webhookEndpoints } from "@/lib/db/schema";
import { open, seal, sealedWithCurrentKey } from "@/lib/security/data-key";

/** How long a replaced secret still signs, so a receiver can switch to the new one without missing events. */
export const PREVIOUS_SECRET_HOURS = 24;

/** A new secret in the Standard Webhooks form: `whsec_` and 32 random bytes as base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

// Sealed for the endpoint it belongs to (the additional data), the current and the previous one apart.
const context = (endpointId: number, which: "current" | "previous") =>
  which === "current" ? `webhook:${endpointId}` : `webhook-previous:${endpointId}`;
export const sealSecret = (endpointId: number, secret: string, which: "current" | "previous" = "current") =>
  seal(secret, context(endpointId, which));
export const openSecret = (endpointId: number, sealed: string, which: "current" | "previous" = "current") =>
  open(sealed, context(endpointId, which));

/** The secrets an endpoint's events are signed with now: its own, and the one it replaced while that is still valid. */
export function signingSecrets(
  endpoint: { id: number; secretSealed: string; previousSecretSealed: string | null; previousSecretUntil: Date | null },
  now = new Date(),
): string[] {
  const secrets = [openSecret(endpoint.id, endpoint.secretSealed)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
    secrets.push(openSecret(endpoint.id, endpoint.previousSecretSealed, "previous"));
  return secrets;
}

/**
 * The Standard Webhooks headers of one delivery: `webhook-signature` carries one `v1,<base64>` per secret, separated
 * by spaces (the specification's way to rotate), each signed with the `standardwebhooks` package receivers verify with.
 */
export function signedHeaders(secrets: string[], id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" "),
  };
}

/**
 * Seals again under the current DATA_ENCRYPTION_KEY every endpoint secret an earlier key sealed (`npm run
 * keys:rotate`).
 */
export async function resealWebhookSecrets(db: Database): Promise<number> {
  let resealed = 0;
  for (const row of await db.select().from(webhookEndpoints)) {
    for (const [column, which] of [
      ["secretSealed", "current"],
      ["previousSecretSealed", "previous"],
    ] as const) {
      const value = row[column];
      if (!value || sealedWithCurrentKey(value)) continue;
      const updated = await db
        .update(webhookEndpoints)
        .set({ [column]: sealSecret(row.id, openSecret(row.id, value, which), which) })
        .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints[column], value)))
        .returning({ id: webhookEndpoints.id });
      resealed += updated.length;
    }
  }
  return resealed;
}
