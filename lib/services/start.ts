import { env } from "@/lib/env";
import { bootstrap } from "./bootstrap";
import { log } from "@/lib/log";

/** Server start: bootstrap, unless this is the build collecting pages. A failure is logged, not fatal. */
export async function start(): Promise<void> {
  if (env.NEXT_PHASE === "phase-production-build") return;
  const started = Date.now();
  log.info("starting: opening the database, applying migrations, creating the demo accounts in embedded mode");
  try {
    await bootstrap();
    log.info({ ms: Date.now() - started }, "ready");
  } catch (error) {
    // Pages still render; routes that need the database answer with a clear error until it is back.
    log.error({ err: error }, "bootstrap failed");
  }
}
