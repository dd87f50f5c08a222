import "server-only";
import { timingSafeEqual } from "node:crypto";
import { hmac } from "@/lib/security/hmac";
import { authSecret } from "@/lib/auth/secret";
import { appOrigin } from "@/lib/env";

/** The recurring mail a person can stop with one click. */
export type MailingKind = "monthly_digest" | "daily_summary";

const sign = (userId: number, kind: MailingKind) =>
  hmac(`unsubscribe:${authSecret()}`, `${userId}:${kind}`, "base64url");

/**
 * The link in every recurring message: it names the person and the mailing, signed so that nobody can unsubscribe
 * someone else, and works without signing in (RFC 8058: a mail client posts to it with one click).
 */
export function unsubscribeUrl(userId: number, kind: MailingKind, path = "/unsubscribe"): string {
  const url = new URL(path, appOrigin);
  url.search = new URLSearchParams({ u: String(userId), k: kind, t: sign(userId, kind) }).toString();
  return url.href;
}

/** The headers that give mail clients their own "Unsubscribe" button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(userId: number, kind: MailingKind): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(userId, kind, "/api/unsubscribe")}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Whether a link's signature is the one this app made for that person and mailing. */
export function validUnsubscribe(userId: number, kind: MailingKind, token: string): boolean {
  const expected = Buffer.from(sign(userId, kind));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
