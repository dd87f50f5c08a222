import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TOTP } from "otpauth";
import { DEMO_STAFF, demoTotpSecretFor } from "@/lib/auth/demo-factors";
import { TOTP_PERIOD, totpCode } from "@/lib/auth/totp";
import {
  exportSoftPasskey,
  importSoftPasskey,
  newSoftPasskey,
  softRegistration,
  type ExportedSoftPasskey,
  type SoftPasskey,
} from "@/lib/testing/soft-passkey";

/**
 * Staff sign in with a second factor, and an authenticator code is good once. The demo officer and admin sign in with
 * a code once per app (here, through the API) and add a software passkey, which every later sign-in and step-up uses:
 * on the journeys' app that is the setup project (e2e/sessions.setup.ts), whose sessions the journeys then take. The
 * passkeys are kept in the server's data folder, fresh each run (playwright.config.ts empties it).
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);

/** The data folder of the app at `origin` (playwright.config.ts: the journeys' app, and the one under faults). */
export const dataDirOf = (origin: string) =>
  new URL(origin).port === String(E2E_PORT) ? ".data/e2e" : ".data/e2e-faults";

export const isDemoStaff = (email: string) => DEMO_STAFF.some((account) => account.email === email.toLowerCase());

const STEPS_FILE = "test-totp-steps.json";

/**
 * A demo staff account's authenticator code of a step no earlier journey used: the app refuses a code of a step
 * already used, as it must. The app also takes the next step's code (clocks drift, lib/auth/totp.ts), so that one is
 * given rather than waiting for the next window; only a third code within one step waits.
 */
export async function freshDemoCode(origin: string, email: string): Promise<string> {
  const dir = dataDirOf(origin);
  const file = join(dir, STEPS_FILE);
  const used = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, number>) : {};
  const stepNow = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD);
  let step = Math.max(stepNow(), (used[email] ?? -1) + 1);
  while (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, TOTP.remaining({ period: TOTP_PERIOD }) + 200));
    step = Math.max(stepNow(), (used[email] ?? -1) + 1);
  }
  used[email] = step;
  writeFileSync(file, JSON.stringify(used));
  const secret = demoTotpSecretFor(readFileSync(join(dir, "nextauth-secret"), "utf8").trim(), email);
  return totpCode(secret, step * TOTP_PERIOD * 1000 + 1000);
}

async function form(origin: string, path: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** The software passkey of a demo staff account on the app at `origin`, made on first use (see above). */
export async function demoStaffPasskey(origin: string, email: string, password: string): Promise<SoftPasskey> {
  const file = join(dataDirOf(origin), "test-passkeys.json");
  const known = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ExportedSoftPasskey>) : {};
  if (known[email]) return importSoftPasskey(known[email]);
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await form(
    origin,
    "/api/auth/callback/credentials",
    { csrfToken, email, password, code: await freshDemoCode(origin, email), json: "true" },
    cookiesOf(csrf),
  );
  const session = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("next-auth.session-token="))
    ?.split(";")[0];
  if (!session) throw new Error(`the demo account ${email} could not sign in with its code: ${await signedIn.text()}`);
  const json = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: session },
      body: JSON.stringify(body),
    });
  const options = (await (await json("/api/account/passkeys/options", {})).json()) as Parameters<
    typeof softRegistration
  >[1];
  const key = newSoftPasskey();
  const added = await json("/api/account/passkeys", {
    name: "Journeys' passkey",
    response: softRegistration(key, options, origin),
  });
  if (added.status !== 201) throw new Error(`the demo account ${email} could not add a passkey: ${await added.text()}`);
  writeFileSync(file, JSON.stringify({ ...known, [email]: exportSoftPasskey(key) }));
  return key;
}

/** The demo accounts (README: Demo accounts), by the role each has. */
export const DEMO = {
  homeowner: { email: "homeowner@example.com", password: "homeowner-demo" },
  officer: { email: "officer@example.com", password: "officer-demo" },
  admin: { email: "admin@example.com", password: "admin-demo" },
} as const;
export type DemoRole = keyof typeof DEMO;

/**
 * Where the setup project (e2e/sessions.setup.ts) keeps a demo account's signed-in session (its cookies, as
 * Playwright's storageState): in the journeys' app's data folder, so a run never finds the last run's.
 */
export const sessionFile = (role: DemoRole) => join(dataDirOf(`http://localhost:${E2E_PORT}`), ".auth", `${role}.json`);
