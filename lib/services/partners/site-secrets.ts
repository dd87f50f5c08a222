import "server-only";
import { createDecipheriv, createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { authSecret } from "@/lib/auth/secret";
import type { Database } from "@/lib/db";
import { widgetSites } from "@/lib/db/schema";
import { open, seal, sealedWithCurrentKey } from "@/lib/security/data-key";

/**
 * A partner site's signing secret at rest: sealed under DATA_ENCRYPTION_KEY (lib/security/data-key.ts) for its own
 * site, so that it cannot be moved to another site's row, and sealed again under a new key by `npm run keys:rotate`
 * like the authenticator apps' secrets. One kept before this (`iv.tag.data`, under a key derived from the auth secret,
 * which a leaked NEXTAUTH_SECRET opened) still opens, until keys:rotate seals it.
 */
const context = (siteId: number) => `site-secret:${siteId}`;
const isSealed = (stored: string) => stored.startsWith("v1.");

export const sealSiteSecret = (siteId: number, secret: string) => seal(secret, context(siteId));

export function openSiteSecret(siteId: number, stored: string): string {
  return isSealed(stored) ? open(stored, context(siteId)) : openUnsealed(stored);
}

/** The earlier way: AES-256-GCM under the SHA-256 of the auth secret and a label. */
function openUnsealed(stored: string): string {
  const [iv, tag, data] = stored.split(".").map((part) => Buffer.from(part, "base64url")) as [Buffer, Buffer, Buffer];
  const decipher = createDecipheriv(
    "aes-256-gcm",
    createHash("sha256").update(`${authSecret()}:widget-site-secrets`).digest(),
    iv,
  );
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/**
 * keys:rotate's part: every site's secret sealed under the current key (those kept the earlier way too). Each row is
 * replaced only if it still holds what was read, so it is safe while the app runs. Returns how many it sealed again.
 */
export async function resealSiteSecrets(db: Database): Promise<number> {
  let resealed = 0;
  for (const row of await db.select({ id: widgetSites.id, stored: widgetSites.secretEncrypted }).from(widgetSites)) {
    if (isSealed(row.stored) && sealedWithCurrentKey(row.stored)) continue;
    const updated = await db
      .update(widgetSites)
      .set({ secretEncrypted: sealSiteSecret(row.id, openSiteSecret(row.id, row.stored)) })
      .where(and(eq(widgetSites.id, row.id), eq(widgetSites.secretEncrypted, row.stored)))
      .returning({ id: widgetSites.id });
    resealed += updated.length;
  }
  return resealed;
}
