import "server-only";
import { createUser, EmailTakenError, findUserByEmail, linkVerifiedOwner } from "@/lib/auth/users";
import { DEMO_ACCOUNTS } from "@/lib/auth/demo-accounts";
import { DEMO_STAFF, demoTotpSecret } from "@/lib/auth/demo-factors";
import { setTotpSecret } from "@/lib/auth/factors";
import type { Role } from "@/lib/auth/roles";
import { demoAccountsLeft } from "@/lib/auth/demo-leftovers";
import { getDatabase, SchemaBehindError, type Database } from "@/lib/db";
import { embedded, env } from "@/lib/env";
import { log } from "@/lib/log";
import { refuseToStart, reportStartup, StartRefused } from "@/lib/startup";
import { isRetryable, PropertyApiError } from "@/lib/property-api";
import { ensureDemoOfficer } from "@/lib/services/portfolio/demo-officer";
import { ensureDemoPortfolio } from "@/lib/services/portfolio/demo-portfolio";
import { ensureDemoSites } from "@/lib/services/partners/sites";
import { upstream } from "./upstream";

export const DEMO_OWNER = {
  firstName: "Matthew",
  lastName: "Sanchez",
  address: "3901 Wallingford Ave N, Seattle, WA 98103",
};

async function ensureUser(email: string, password: string, role: Role) {
  const existing = await findUserByEmail(email);
  if (existing) return existing;
  try {
    // Made by the operator (bootstrap admin, demo accounts): the email is theirs to vouch for.
    await createUser({ email, password, role, emailVerified: true });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
  return (await findUserByEmail(email))!;
}

/**
 * Server start: bootstrap, unless this is the build collecting pages. With MIGRATE_ON_START=false and a schema still
 * behind, it returns at once and bootstraps once `npm run migrate` has run: the server answers meanwhile (liveness 200,
 * readiness 503 saying why), and gives up after MIGRATION_WAIT_SECONDS (exit 1). A failure is logged, not fatal,
 * except a refusal (StartRefused), which stops the process.
 */
export async function start(): Promise<void> {
  if (env.NEXT_PHASE === "phase-production-build") return;
  const began = Date.now();
  reportStartup("starting");
  if (!env.MIGRATE_ON_START && (await schemaBehind())) {
    reportStartup("waiting for the database's migrations (`npm run migrate`)");
    void waitForSchema()
      .then(() => begin(began))
      .catch(refuseToStart);
    return;
  }
  await begin(began);
}

async function begin(began: number): Promise<void> {
  log.info(
    env.MIGRATE_ON_START
      ? "starting: opening the database, applying migrations, creating the demo accounts in embedded mode"
      : "starting: opening the database (migrated by `npm run migrate`), creating the demo accounts in embedded mode",
  );
  try {
    reportStartup("starting");
    await bootstrap();
    reportStartup("ok");
    log.info({ ms: Date.now() - began }, "ready");
    // The job engine starts beside the first requests: nothing a request needs waits for it.
    void import("@/lib/jobs")
      .then(({ jobs }) => jobs())
      .then(() => log.info({ ms: Date.now() - began }, "jobs: engine started"))
      // First refreshes claimed and not run (an import's cut off by a restart), then the demo portfolio's.
      .then(() => import("@/lib/services/portfolio/first-refresh"))
      .then(async ({ queueFirstRefreshesOf, resumeFirstRefreshes }) => {
        await resumeFirstRefreshes();
        if (demoOfficerId !== undefined) await queueFirstRefreshesOf(demoOfficerId);
      })
      .catch((error: unknown) =>
        log.error({ err: error }, "jobs: the engine could not start; background work waits until the next start"),
      );
  } catch (error) {
    if (StartRefused.is(error)) throw error;
    // In production the checks of the start-up (no demo accounts left) must have run: a failure of any kind (the
    // database away for a moment) ends the process, for its orchestrator to start it again, rather than serve
    // unchecked.
    if (env.NODE_ENV === "production" && !embedded)
      throw new Error(`the start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    // Embedded mode: pages still render; routes that need the database answer with a clear error until it is back.
    // Readiness stays 503 (what failed is in the log, not on a public page): a process to restart.
    reportStartup("failed: see the log, and restart the process once the cause is fixed");
    log.error({ err: error }, "bootstrap failed");
  }
}

/** True when the database answers with a schema older than this build's (logged with what it has and needs). */
async function schemaBehind(): Promise<boolean> {
  try {
    await getDatabase();
    return false;
  } catch (error) {
    if (!(error instanceof SchemaBehindError)) return false; // not reachable: the bootstrap reports it
    log.warn(
      { applied: error.status.applied, needed: error.status.shipped, waitSeconds: env.MIGRATION_WAIT_SECONDS },
      `starting: ${error.message}`,
    );
    return true;
  }
}

/** Polls until the schema is this build's; rejects after MIGRATION_WAIT_SECONDS with what to run. */
async function waitForSchema(): Promise<void> {
  const deadline = Date.now() + env.MIGRATION_WAIT_SECONDS * 1000;
  let nextReminder = Date.now() + 30_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    try {
      await getDatabase();
      log.info("starting: the database's schema is this build's now");
      return;
    } catch (error) {
      const status =
        error instanceof SchemaBehindError
          ? `it has ${error.status.applied}, this build needs ${error.status.shipped}`
          : String(error);
      if (Date.now() >= deadline)
        throw new Error(
          `the database still lacks this build's migrations after ${env.MIGRATION_WAIT_SECONDS} s (${status}). ` +
            "Run `npm run migrate` (the image's migrate service: `node migrate.mjs`) against it, or start with MIGRATE_ON_START=true.",
        );
      if (Date.now() >= nextReminder) {
        log.warn({ status }, "starting: still waiting for the database's migrations (`npm run migrate`)");
        nextReminder = Date.now() + 30_000;
      }
    }
  }
}

/** The demo officer (embedded mode), whose portfolio's first refreshes are queued once the job engine runs. */
let demoOfficerId: number | undefined;

/**
 * Brings a fresh install to life: migrations, the bootstrap admin, and in embedded mode the demo accounts and sites.
 */
export async function bootstrap(): Promise<void> {
  const { db } = await getDatabase();
  if (env.NODE_ENV === "production" && !embedded) await refuseDemoAccounts(db);
  if (env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD)
    await ensureUser(env.BOOTSTRAP_ADMIN_EMAIL, env.BOOTSTRAP_ADMIN_PASSWORD, "admin");
  if (!embedded) return;
  // Every account first: the owner record below needs the service, which may be failing (SANDBOX_FAULTS).
  const users = [];
  for (const account of DEMO_ACCOUNTS) users.push(await ensureUser(account.email, account.password, account.role));
  // Staff sign in with a second factor: the demo officer and admin come with an authenticator app (npm run demo:code).
  for (const user of users)
    if (DEMO_STAFF.some((demo) => demo.email === user.email) && !user.totpSecret)
      await setTotpSecret(user.id, demoTotpSecret(user.email));
  await ensureDemoSites();
  demoOfficerId = users.find((user) => user.role === "loan_officer")!.id;
  await ensureDemoPortfolio(demoOfficerId);
  const homeowner = users.find((user) => user.role === "homeowner")!;
  await ensureDemoOfficer(users.find((user) => user.role === "loan_officer")!.id, homeowner.id);
  if (!homeowner.ownerIds.length) await linkDemoOwner(homeowner.id);
}

/** A production start on a database once run in embedded mode: its demo accounts would let anyone in. */
async function refuseDemoAccounts(db: Database): Promise<void> {
  const left = await demoAccountsLeft(db);
  if (!left.length) return;
  throw new StartRefused(
    `the database has demo accounts that still open with their published passwords (${left.join(", ")}): it was once run ` +
      "in embedded mode, and in production anyone could sign in as them. Remove them with `npm run migrate -- " +
      "--remove-demo-accounts` (in the image: `node migrate.mjs --remove-demo-accounts`), which deletes exactly these " +
      "accounts and what is theirs, or give each a new password, then start again.",
  );
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
