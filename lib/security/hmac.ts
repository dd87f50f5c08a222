import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

// Each secret's KeyObject, made once. Node prepares a key given as a Buffer anew for every HMAC, and that cost several
// times the HMAC itself (about 30 µs against 5 on this machine's Node 24): a request that signs two or three things
// paid it each time.
const byText = new Map<string, KeyObject>();
const byBuffer = new WeakMap<Buffer, KeyObject>();

function keyOf(secret: string | Buffer): KeyObject {
  if (typeof secret === "string") {
    let key = byText.get(secret);
    if (!key) byText.set(secret, (key = createSecretKey(Buffer.from(secret, "utf8"))));
    return key;
  }
  let key = byBuffer.get(secret);
  if (!key) byBuffer.set(secret, (key = createSecretKey(secret)));
  return key;
}

/** HMAC-SHA256 of `text` under a secret that lives as long as the process (an app secret, a configured key). */
export function hmac(secret: string | Buffer, text: string): Buffer;
export function hmac(secret: string | Buffer, text: string, encoding: "hex" | "base64url"): string;
export function hmac(secret: string | Buffer, text: string, encoding?: "hex" | "base64url"): Buffer | string {
  const digest = createHmac("sha256", keyOf(secret)).update(text).digest();
  return encoding ? digest.toString(encoding) : digest;
}
