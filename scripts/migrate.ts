/**
 * Brings the database's schema up to date once, before the app's instances start (they run with
 * MIGRATE_ON_START=false and wait for it): the app's own migrations (drizzle, under the same advisory lock a starting
 * app takes) and the job engine's schema (pg-boss). Idempotent: run it on every deploy.
 *
 * `npm run migrate` runs the build's bundle of this file, `.next/standalone/migrate.mjs`
 * (scripts/complete-standalone.mjs makes it), which the image runs as `node migrate.mjs`: it needs no dev dependency,
 * and reads the same environment as the app (DATABASE_URL; without it the PGlite in DATA_DIR, with the app stopped:
 * PGlite has one process).
 *
 * `--remove-demo-accounts` also deletes the demo accounts that still open with their published passwords, which a
 * production start refuses to run with (a database once run in embedded mode).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { "remove-demo-accounts": { type: "boolean", default: false } } });

async function main(): Promise<void> {
  // Imported here, so that a bad configuration is reported like the server reports it (every problem, exit 1).
  const { env } = await import("@/lib/env");
  const { openDatabase } = await import("@/lib/db/client");
  const { JobEngine } = await import("@/lib/jobs/engine");
  const { removeDemoAccounts } = await import("@/lib/auth/demo-leftovers");
  const { log } = await import("@/lib/log");

  const began = Date.now();
  const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${join(env.DATA_DIR, "pglite")}`;
  log.info({ database: where }, "migrate: applying the app's migrations");
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, "pglite") });
  try {
    log.info(
      { ms: Date.now() - began },
      "migrate: the app's schema is up to date; creating or migrating the job engine's",
    );
    // pg-boss creates or migrates its schema when it starts (under its own lock); no worker, no schedule.
    const engine = new JobEngine(database, { workers: false });
    await engine.start();
    await engine.stop();
    log.info({ ms: Date.now() - began }, "migrate: the job engine's schema is up to date");
    if (values["remove-demo-accounts"])
      log.info({ removed: await removeDemoAccounts(database.db) }, "migrate: demo accounts removed");
  } finally {
    await database.close();
  }
}

main().then(
  // Explicitly: a one-shot service that the app instances wait for must end, whatever a driver left open.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
