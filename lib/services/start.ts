import { env } from "@/lib/env";
import { bootstrap } from "./bootstrap";
import { log } from "@/lib/log";

/** Server start: bootstrap, unless this is the build collecting pages. A failure is logged, not fatal. */
export async function start(): Promise<void> {
  if (env.NEXT_PHASE === "phase-production-build") return;
  try {
    await bootstrap();
  } catch (error) {
    // Pages still render; routes that need the database answer with a clear error until it is back.
    log.error({ err: error }, "bootstrap failed");
  }
}
