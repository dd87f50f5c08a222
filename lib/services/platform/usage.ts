import "server-only";
import { usageSummary } from "./meter";
import { upstream } from "./upstream";

/**
 * Upstream calls and cache hits per operation, today and in total; in embedded mode, what the service itself counted.
 */
export async function usageReport() {
  const sandbox = upstream().sandbox;
  return { ...(await usageSummary()), ...(sandbox ? { embeddedService: sandbox.usage() } : {}) };
}
