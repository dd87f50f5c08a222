/**
 * Prints the current authenticator code of a demo staff account (embedded mode only): `npm run demo:code --
 * officer@example.com`. Reads the app's secret from DATA_DIR, as the running app does; never opens the database.
 */
import { TOTP } from "otpauth";
import { DEMO_STAFF, demoTotpSecret } from "@/lib/auth/demo-factors";
import { totpCode } from "@/lib/auth/totp";
import { embedded } from "@/lib/env";

const email = (process.argv[2] ?? "").trim().toLowerCase();
if (!embedded) {
  console.error("There are no demo accounts here: a real Property Data Service is configured (PROPERTY_API_BASE_URL).");
  process.exit(1);
}
if (!DEMO_STAFF.some((account) => account.email === email)) {
  console.error(
    `Usage: npm run demo:code -- <email>, one of: ${DEMO_STAFF.map((account) => account.email).join(", ")}`,
  );
  process.exit(1);
}
const seconds = Math.ceil(TOTP.remaining({ period: 30 }) / 1000);
console.log(totpCode(demoTotpSecret(email)));
console.error(`(good for ${seconds} more seconds, and once)`);
