import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hmac } from "@/lib/security/hmac";
import { authSecret } from "./secret";
import { secureCookies } from "./cookies";

/**
 * OWASP "device cookies": a browser that signed in to an account before carries a signed cookie naming that account.
 * While strangers' guesses throttle the account, sign-ins from such a browser are counted on their own, so the owner
 * still gets in during an attack.
 */
export const DEVICE_COOKIE = "hd_device";
const YEAR_SECONDS = 365 * 86_400;

const sign = (payload: string) => hmac(`device-cookie:${authSecret()}`, payload, "base64url");

export const DEVICE_COOKIE_OPTIONS = {
  path: "/",
  maxAge: YEAR_SECONDS,
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
} as const;

/** A new device's signed value for an account: a random id and the email, under the app's secret. */
export function deviceToken(email: string): string {
  const payload = Buffer.from(
    JSON.stringify({ e: email.trim().toLowerCase(), n: randomBytes(12).toString("base64url") }),
  ).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The same as a Set-Cookie header, for answers built by hand. */
export function deviceCookie(email: string): string {
  return `${DEVICE_COOKIE}=${deviceToken(email)}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`;
}

/** The device's own id when the cookie is genuine and names this email; otherwise undefined. */
export function trustedDevice(value: string | undefined, email: string): string | undefined {
  const [payload, signature] = (value ?? "").split(".");
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const { e, n } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { e?: unknown; n?: unknown };
    return e === email.trim().toLowerCase() && typeof n === "string" ? n : undefined;
  } catch {
    return undefined;
  }
}
