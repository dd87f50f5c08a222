/**
 * Re-encrypts the secrets kept at rest (authenticator apps', partner sites', webhook endpoints') under the current
 * DATA_ENCRYPTION_KEY: run it after moving the old key to DATA_ENCRYPTION_KEY_PREVIOUS and setting a new one (README,
 * "Secrets at rest"). Safe to run twice, and while the app runs on PostgreSQL (each row is replaced only if it still
 * holds what was read).
 */
import { and, eq, isNotNull, or } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { open, seal, sealedWithCurrentKey } from "@/lib/security/data-key";
import { resealSiteSecrets } from "@/lib/services/partners/site-secrets";
import { resealWebhookSecrets } from "@/lib/webhooks/secrets";

const { db, close } = await getDatabase();
let resealed = 0;
try {
  const rows = await db
    .select({ id: users.id, totp: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)));
  for (const row of rows) {
    for (const [column, value, context] of [
      ["totpSecret", row.totp, `totp:${row.id}`],
      ["totpPendingSecret", row.pending, `totp-pending:${row.id}`],
    ] as const) {
      if (!value || sealedWithCurrentKey(value)) continue;
      const updated = await db
        .update(users)
        .set({ [column]: seal(open(value, context), context) })
        .where(and(eq(users.id, row.id), eq(users[column], value)))
        .returning({ id: users.id });
      resealed += updated.length;
    }
  }
  // Partner sites' signing secrets, those kept before they were sealed too.
  resealed += await resealSiteSecrets(db);
  // Webhook endpoints' signing secrets (and the ones rotation keeps for a day).
  resealed += await resealWebhookSecrets(db);
  console.log(
    `re-encrypted ${resealed} secret${resealed === 1 ? "" : "s"} under the current key; the previous key can go once every instance runs with the new one`,
  );
} finally {
  await close();
}
