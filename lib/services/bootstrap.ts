import "server-only";
import { createUser, EmailTakenError, findUserByEmail, linkVerifiedOwner } from "@/lib/auth/users";
import { DEMO_ACCOUNTS } from "@/lib/auth/demo-accounts";
import { DEMO_STAFF, demoTotpSecret } from "@/lib/auth/demo-factors";
import { setTotpSecret } from "@/lib/auth/factors";
import type { Role } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { embedded, env } from "@/lib/env";
import { log } from "@/lib/log";
import { isRetryable, PropertyApiError } from "@/lib/property-api";
import { ensureDemoPortfolio } from "./demo-portfolio";
import { ensureDemoSites } from "./sites";
import { upstream } from "./upstream";

export const DEMO_OWNER = { firstName: "Matthew", lastName: "Sanchez", address: "3901 Wallingford Ave N, Seattle, WA 98103" };

async function ensureUser(email: string, password: string, role: Role) {
  const existing = await findUserByEmail(email);
  if (existing) return existing;
  try {
    await createUser({ email, password, role });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
  return (await findUserByEmail(email))!;
}

/** Server start: bootstrap, unless this is the build collecting pages. A failure is logged, not fatal. */
export async function start(): Promise<void> {
  if (env.NEXT_PHASE === "phase-production-build") return;
  const started = Date.now();
  log.info("starting: opening the database, applying migrations, creating the demo accounts in embedded mode");
  try {
    await bootstrap();
    log.info({ ms: Date.now() - started }, "ready");
    // The job engine starts beside the first requests: nothing a request needs waits for it.
    void import("@/lib/jobs")
      .then(({ jobs }) => jobs())
      .then(() => log.info({ ms: Date.now() - started }, "jobs: engine started"))
      .catch((error: unknown) => log.error({ err: error }, "jobs: the engine could not start; background work waits until the next start"));
  } catch (error) {
    // Pages still render; routes that need the database answer with a clear error until it is back.
    log.error({ err: error }, "bootstrap failed");
  }
}

/** Brings a fresh install to life: migrations, the bootstrap admin, and in embedded mode the demo accounts and sites. */
export async function bootstrap(): Promise<void> {
  await getDatabase();
  if (env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD) await ensureUser(env.BOOTSTRAP_ADMIN_EMAIL, env.BOOTSTRAP_ADMIN_PASSWORD, "admin");
  if (!embedded) return;
  // Every account first: the owner record below needs the service, which may be failing (SANDBOX_FAULTS).
  const users = [];
  for (const account of DEMO_ACCOUNTS) users.push(await ensureUser(account.email, account.password, account.role));
  // Staff sign in with a second factor: the demo officer and admin come with an authenticator app (npm run demo:code).
  for (const user of users)
    if (DEMO_STAFF.some((demo) => demo.email === user.email) && !user.totpSecret) await setTotpSecret(user.id, demoTotpSecret(user.email));
  await ensureDemoSites();
  await ensureDemoPortfolio(users.find((user) => user.role === "loan_officer")!.id);
  const homeowner = users.find((user) => user.role === "homeowner")!;
  if (!homeowner.ownerIds.length) await linkDemoOwner(homeowner.id);
}

/**
 * Creates the demo homeowner's owner record, asking again on a transient failure (the same person and address always
 * give the same owner, so asking twice creates nothing twice).
 */
async function linkDemoOwner(userId: number, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { ownerID } = await upstream().client.createOwner(DEMO_OWNER);
      // The demo homeowner is the one account proved by fiat: the data set is ours.
      await linkVerifiedOwner(userId, ownerID, "demo", `${DEMO_OWNER.firstName} ${DEMO_OWNER.lastName}`);
      return;
    } catch (error) {
      if (attempt >= attempts || !PropertyApiError.is(error) || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
