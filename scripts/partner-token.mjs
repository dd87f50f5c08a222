#!/usr/bin/env node
// A partner's side of the embedded dashboard, as a runnable example: sign a short-lived token for one of your
// members with your site's secret (HS256), and open the URL it prints in an iframe on your page.
//
//   node scripts/partner-token.mjs --app http://localhost:3000 --site-key site_… --secret sec_… \
//     --member-id 1234 --email ada@example.com --given-name Ada --family-name Byron \
//     --address "2800 N 24th St, Phoenix, AZ 85008"
//
// Sign on your server, never in the browser: the secret must stay yours. Tokens live five minutes and work once.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { SignJWT } from "jose";

const { values: a } = parseArgs({
  options: Object.fromEntries(
    ["app", "site-key", "secret", "member-id", "email", "given-name", "family-name", "address"].map((name) => [
      name,
      { type: "string" },
    ]),
  ),
});
const missing = ["app", "site-key", "secret", "member-id", "email", "given-name", "family-name", "address"].filter(
  (name) => !a[name],
);
if (missing.length) {
  console.error(`missing: ${missing.map((name) => `--${name}`).join(" ")}`);
  process.exit(2);
}

const token = await new SignJWT({
  email: a.email,
  given_name: a["given-name"],
  family_name: a["family-name"],
  address: a.address,
})
  .setProtectedHeader({ alg: "HS256", typ: "JWT" })
  .setIssuer(a["site-key"])
  .setSubject(a["member-id"])
  .setIssuedAt()
  .setExpirationTime("5m")
  .setJti(randomUUID())
  .sign(new TextEncoder().encode(a.secret));

console.log(`${a.app.replace(/\/$/, "")}/embed/dashboard?token=${token}`);
