import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "@/lib/env";

/**
 * Secrets at rest (authenticator apps' secrets) are sealed with AES-256-GCM under DATA_ENCRYPTION_KEY, bound to what
 * they belong to (the additional data: `totp:42` cannot be moved to another account's row and still open). A sealed
 * value names the key that sealed it (the first 8 hex digits of its SHA-256), so a rotated key's values still open
 * with DATA_ENCRYPTION_KEY_PREVIOUS until `npm run keys:rotate` seals them again under the new one.
 */
export interface DataKey {
  id: string;
  key: Buffer;
}

const PREFIX = "v1";

export function parseKey(text: string, name: string): DataKey {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as base64 or hex (openssl rand -base64 32)`);
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 8), key };
}

/** On the embedded defaults only: a key generated once into DATA_DIR (env validation requires one in production). */
export function generatedKey(name = "data-encryption-key"): string {
  const file = join(env.DATA_DIR, name);
  try {
    return readFileSync(file, "utf8");
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
    }
    return readFileSync(file, "utf8");
  }
}

let keys: { current: DataKey; all: Map<string, DataKey> } | undefined;

export function dataKeys(): { current: DataKey; all: Map<string, DataKey> } {
  if (keys) return keys;
  const current = parseKey(env.DATA_ENCRYPTION_KEY ?? generatedKey(), "DATA_ENCRYPTION_KEY");
  const previous = (env.DATA_ENCRYPTION_KEY_PREVIOUS ?? "")
    .split(",")
    .filter((part) => part.trim())
    .map((part) => parseKey(part, "DATA_ENCRYPTION_KEY_PREVIOUS"));
  return (keys = { current, all: new Map([...previous, current].map((key) => [key.id, key])) });
}

/** Seals a secret for `context` (what it belongs to): `v1.keyId.iv.tag.ciphertext`, base64url parts. */
export function seal(plain: string, context: string): string {
  const { current } = dataKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv).setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, current.id, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

/** Opens what `seal` made for the same context; throws when the key is unknown or the value was tampered with. */
export function open(sealed: string, context: string): string {
  const [prefix, keyId, iv, tag, data] = sealed.split(".");
  const key = keyId && dataKeys().all.get(keyId);
  if (prefix !== PREFIX || !key || !iv || !tag || data === undefined)
    throw new Error(`a sealed value under an unknown key (${keyId ?? "none"})`);
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url")).setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Whether a sealed value is under the current key (what key rotation leaves to do). */
export const sealedWithCurrentKey = (sealed: string) => sealed.split(".")[1] === dataKeys().current.id;
