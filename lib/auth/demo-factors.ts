import { createHmac } from "node:crypto";
import { Secret } from "otpauth";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { isStaff } from "./roles";
import { authSecret } from "./secret";

/** The demo accounts that come with an authenticator app set up: the officer and the admin (staff must have one). */
export const DEMO_STAFF = DEMO_ACCOUNTS.filter((account) => isStaff(account.role));

/**
 * A demo staff account's authenticator secret (embedded mode only, like the accounts): derived from the app's secret,
 * so `npm run demo:code` can print the current code without opening the database the running app holds.
 */
export const demoTotpSecret = (email: string): string => demoTotpSecretFor(authSecret(), email);

/** The same for an app whose secret is given (tests reading another process's data folder). */
export function demoTotpSecretFor(appSecret: string, email: string): string {
  const key = createHmac("sha256", appSecret).update(`demo-totp:${email.toLowerCase()}`).digest().subarray(0, 20);
  return new Secret({ buffer: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) }).base32;
}
