import { Secret, TOTP } from "otpauth";
import { appOrigin } from "@/lib/env";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
export const TOTP_PERIOD = 30;
/** Codes of the step before and after now are accepted too (clocks drift), each once. */
const TOTP_WINDOW = 1;

/** How the app is named in the person's authenticator app: its name and where it runs (one install per lender). */
const ISSUER = `Homeowner Dashboard (${new URL(appOrigin).host})`;

export const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
  });

/** The 30-second step a code of `delta` steps from now belongs to. */
const stepOf = (delta: number, now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD) + delta;

/** The step whose code this is, for a secret, or undefined when the code is not one of the window's. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    window: TOTP_WINDOW,
    timestamp: now,
  });
  return delta === null ? undefined : stepOf(delta, now);
}

/** The current code of a secret (the demo accounts' `npm run demo:code`, and tests). */
export const totpCode = (secret: string, now = Date.now()) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    timestamp: now,
  });

/** A code as typed: spaces, dashes and case do not matter. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();
