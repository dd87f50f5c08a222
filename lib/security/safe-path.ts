/** Where sign-in goes when the callback is missing or not a path on this site: it sends each role to its home. */
export const DEFAULT_AFTER_SIGN_IN = "/start";

// Control characters (browsers drop tab and newlines inside URLs, so `/\t/evil` becomes `//evil`) and backslashes
// (browsers read `\` as `/` in http URLs, so `/\evil` is `//evil`: another host).
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
const BASE = "http://callback.invalid";

/**
 * A callback URL as a path on this origin, or the fallback: it must start with one "/" (not "//" or "/\"), with no
 * scheme, no control characters and no backslash, also once percent-decoded (twice over, for double encoding), and
 * must resolve to this origin. Client-safe: the login page and the form both use it.
 */
export function safeCallbackPath(value: unknown, fallback = DEFAULT_AFTER_SIGN_IN): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  let decoded = raw;
  for (let round = 0; round < 3; round++) {
    if (!decoded.startsWith("/") || decoded.startsWith("//") || UNSAFE.test(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!decoded.startsWith("/") || decoded.startsWith("//") || UNSAFE.test(decoded)) return fallback;
  try {
    const url = new URL(raw, BASE);
    return url.origin === BASE ? raw : fallback;
  } catch {
    return fallback;
  }
}
