import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { authSecret } from "@/lib/auth/secret";
import type { auditEvents } from "@/lib/db/schema";
import { auditHmac } from "@/lib/security/audit-key";
import { hmac } from "@/lib/security/hmac";

// The activity log's chain: what a row's hash covers, and the pseudonyms and texts as rows keep them. The writer
// (log.ts), the verifier (verify.ts) and the checkpoints read the same rules from here.

type Row = typeof auditEvents.$inferInsert;

/** The previous hash of the chain's first row. */
export const GENESIS = "0".repeat(64);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** JSON with keys in order at every depth: the same content always hashes the same (jsonb reorders keys). */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The personal columns' seal: what erasure leaves behind so the row still hashes the same. */
export function piiDigestOf(row: Pick<Row, "piiSalt" | "actorId" | "actorEmail" | "ip">): string {
  return sha256(canonical({ salt: row.piiSalt, actorId: row.actorId, actorEmail: row.actorEmail, ip: row.ip }));
}

/** Thrown for a row chained under a key that is neither AUDIT_HMAC_KEY nor one of AUDIT_HMAC_KEY_PREVIOUS. */
export class UnknownAuditKeyError extends Error {}

/**
 * The row's hash: its content (the personal columns through their seal) after the previous row's hash, as an HMAC
 * under the key the row names. A row without a key id is from before the key: plain SHA-256, as it was written.
 */
export function rowHash(row: Omit<Row, "hash" | "id">): string {
  const content = canonical({
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    actorRef: row.actorRef,
    actorRole: row.actorRole,
    partnerSiteId: row.partnerSiteId,
    subjectRef: row.subjectRef,
    ownerId: row.ownerId,
    propertyId: row.propertyId,
    address: row.address,
    addressKey: row.addressKey,
    detail: row.detail,
    requestId: row.requestId,
    piiDigest: row.piiDigest,
    // Left out (undefined) for the old rows, whose hashes did not cover it.
    keyId: row.keyId ?? undefined,
  });
  if (!row.keyId) return sha256(`${row.prevHash}\n${content}`);
  const hash = auditHmac(row.keyId, "audit-row", `${row.prevHash}\n${content}`);
  if (hash === undefined) throw new UnknownAuditKeyError(`no configured AUDIT_HMAC_KEY has the id ${row.keyId}`);
  return hash;
}

let pseudonymKey: Buffer | undefined;
// The pseudonyms of the people acting lately: every staff read names its reader, and an HMAC per row was a tenth of
// a cached lookup's own work.
const pseudonyms = new LRUCache<number, string>({ max: 10_000 });
/**
 * A person's pseudonym in the log: an HMAC of their account id, the same in every row and after the account is gone.
 */
export function pseudonym(userId: number): string {
  let known = pseudonyms.get(userId);
  if (known === undefined) {
    pseudonymKey ??= hmac(authSecret(), "audit-pseudonym");
    pseudonyms.set(userId, (known = `u-${hmac(pseudonymKey, String(userId), "hex").slice(0, 16)}`));
  }
  return known;
}

/**
 * A text as the log keeps it: NUL removed (PostgreSQL's text refuses it), capped, and well-formed (a lone UTF-16
 * surrogate becomes U+FFFD). The row is hashed as it is stored: jsonb refuses a lone surrogate, and a text column
 * stores U+FFFD for it, so a hash over the raw text would never match the row read back.
 */
export function logText(text: string, limit = 2_000): string {
  return text.replaceAll("\u0000", "").slice(0, limit).toWellFormed();
}
