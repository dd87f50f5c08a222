import "server-only";
import { hmac } from "./hmac";
import { env } from "@/lib/env";
import { generatedKey, parseKey, type DataKey } from "./data-key";

/**
 * The activity log's key (AUDIT_HMAC_KEY): each row's hash is an HMAC under it, so a person who can write the table but
 * not read the app's configuration cannot rebuild the chain after changing a row. A row names the key that chained it
 * (the first 8 hex digits of the key's SHA-256), so rows an earlier key chained still verify with
 * AUDIT_HMAC_KEY_PREVIOUS; rows from before the key (no key id) are the old SHA-256 ones.
 */
let keys: { current: DataKey; all: Map<string, DataKey> } | undefined;

export function auditKeys(): { current: DataKey; all: Map<string, DataKey> } {
  if (keys) return keys;
  const current = parseKey(env.AUDIT_HMAC_KEY ?? generatedKey("audit-hmac-key"), "AUDIT_HMAC_KEY");
  const previous = (env.AUDIT_HMAC_KEY_PREVIOUS ?? "")
    .split(",")
    .filter((part) => part.trim())
    .map((part) => parseKey(part, "AUDIT_HMAC_KEY_PREVIOUS"));
  return (keys = { current, all: new Map([...previous, current].map((key) => [key.id, key])) });
}

/** An HMAC-SHA256 under the key with this id (hex); undefined when no configured key has that id. */
export function auditHmac(keyId: string, purpose: string, text: string): string | undefined {
  const key = auditKeys().all.get(keyId);
  return key && hmac(key.key, `${purpose}\n${text}`, "hex");
}
