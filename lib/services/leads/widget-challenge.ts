import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { hmac } from "@/lib/security/hmac";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { LEAD_STAMP_SECONDS, limitWidgetLead, RateLimitedError } from "@/lib/rate-limit";
import { AppError } from "@/lib/services/errors";

/**
 * The widget lead form's bot defence, with no third party: a signed, short-lived challenge that the visitor's browser
 * answers with a proof of work (a suffix whose SHA-256 with the challenge starts with `bits` zero bits), no sooner than
 * WIDGET_LEAD_MIN_SECONDS after it was given, and once only. It carries, signed, the language the frame showed the
 * form in: the consent's words and the report mail are in it, whatever the lead's own request says.
 */
export interface LeadChallenge {
  challenge: string;
  bits: number;
  /** Seconds the challenge stays good, and the earliest a lead may be sent with it. */
  expiresInSeconds: number;
  minSeconds: number;
}

const mac = (payload: string) => hmac(`widget-lead:${authSecret()}`, payload, "base64url");

export function issueLeadChallenge(siteKey: string, now = Date.now(), locale: Locale = "en"): LeadChallenge {
  const payload = [siteKey, now, env.WIDGET_LEAD_POW_BITS, locale, randomBytes(12).toString("base64url")].join(".");
  return {
    challenge: `${payload}.${mac(payload)}`,
    bits: env.WIDGET_LEAD_POW_BITS,
    expiresInSeconds: LEAD_STAMP_SECONDS,
    minSeconds: env.WIDGET_LEAD_MIN_SECONDS,
  };
}

/** The count of zero bits a digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `solution` answers `challenge` with at least `bits` leading zero bits (what the browser computes). */
export function solves(challenge: string, solution: string, bits: number): boolean {
  return leadingZeroBits(createHash("sha256").update(`${challenge}:${solution}`).digest()) >= bits;
}

const refused = (status: 400 | 403, message: string) =>
  new AppError({
    code: status === 400 ? "invalid_challenge" : "challenge_refused",
    message,
    fields: { challenge: message },
  });

/**
 * Checks a stamp for a site and spends it, answering the language it was given in: 400 for one this app did not sign
 * (or for another site), 403 for one that is unsolved, answered too soon, expired or already used.
 */
export async function spendLeadStamp(
  siteKey: string,
  challenge: string,
  solution: string,
  now = Date.now(),
): Promise<{ locale: Locale }> {
  const parts = challenge.split(".");
  if (parts.length !== 6) throw refused(400, "challenge is not one this app gave");
  const [site, issued, bitsText, locale, , signature] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(mac(parts.slice(0, 5).join(".")));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw refused(400, "challenge is not one this app gave");
  if (site !== siteKey) throw refused(400, "challenge was given for another site");
  const age = (now - Number(issued)) / 1000;
  if (!(age <= LEAD_STAMP_SECONDS)) throw refused(403, "challenge has expired: ask for a new one");
  if (age < env.WIDGET_LEAD_MIN_SECONDS) throw refused(403, "challenge was answered too quickly");
  // The difficulty it was given with (signed), so a change of setting does not refuse challenges already handed out.
  if (!solves(challenge, solution, Number(bitsText))) throw refused(403, "challenge's proof of work is wrong");
  try {
    await limitWidgetLead("leadStamp", createHash("sha256").update(challenge).digest("base64url"));
  } catch (error) {
    if (!RateLimitedError.is(error)) throw error;
    throw refused(403, "challenge was already used");
  }
  return { locale: isLocale(locale) ? locale : "en" };
}
