import "server-only";
import { sql } from "drizzle-orm";
import { getCache } from "@/lib/cache";
import { getDatabase } from "@/lib/db";
import { embedded, env } from "@/lib/env";
import { draining } from "@/lib/shutdown";
import { startupStatus } from "@/lib/startup";
import { upstream } from "./upstream";

type Check = "ok" | string;

async function check(work: () => Promise<unknown>, timeoutMs = 2000): Promise<Check> {
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)),
    ]);
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : "failed";
  }
}

/**
 * A readiness probe: whether this instance should get requests. "unavailable" (503) while its start-up is not done or
 * its database or cache does not answer; "draining" (503) once the process was asked to stop. The property data
 * service is checked and reported, but a failing service leaves the instance ready ("degraded", 200): every instance
 * shares it, so a load balancer taking them all out would answer nothing, where the app still serves sign-ins, cached
 * answers marked stale and clear messages (the circuit breaker's purpose).
 */
export async function readiness(): Promise<{
  status: "ok" | "degraded" | "unavailable" | "draining";
  checks?: Record<"database" | "cache" | "upstream" | "startup", Check>;
}> {
  if (draining()) return { status: "draining" };
  const checks = {
    // The start-up's own work (bootstrap admin, demo accounts; with MIGRATE_ON_START=false, the wait for migrations).
    startup: startupStatus(),
    database: await check(async () => (await getDatabase()).db.execute(sql`select 1`)),
    cache: await check(async () => {
      const cache = getCache();
      await cache.set("health:probe", Date.now(), 5);
      if (!(await cache.get("health:probe"))) throw new Error("wrote and read nothing back");
    }),
    upstream: await check(async () => {
      // Any HTTP answer means the service is reachable; no billable operation is called.
      if (embedded) return upstream().sandbox!.usage();
      await fetch(env.PROPERTY_API_BASE_URL!, { method: "HEAD", signal: AbortSignal.timeout(2000) });
    }),
  };
  const { upstream: service, ...own } = checks;
  if (!Object.values(own).every((c) => c === "ok")) return { status: "unavailable", checks };
  return { status: service === "ok" ? "ok" : "degraded", checks };
}
