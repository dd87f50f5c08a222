import "server-only";
import { env } from "@/lib/env";
import { addressKeyOf } from "./access";
import { toPropertyFacts, type PropertyFacts } from "./dto";
import { cachedCall, type Caller } from "./gateway";
import { upstream } from "./upstream";

/**
 * The facts of an address, through the cache, single-flight, meter and limits like every call. No access check:
 * callers check first (lookups.propertySummary), or show a public address (the example page).
 */
export async function propertyFacts(caller: Caller, address: string): Promise<PropertyFacts> {
  const { key, label } = addressKeyOf(address);
  const answer = await cachedCall(caller, {
    operation: "propertySummary",
    key,
    label,
    ttlSeconds: env.CACHE_TTL_SUMMARY,
    fetch: () => upstream().client.propertySummary(address),
  });
  return { ...toPropertyFacts(answer.value.propertySummary), stale: answer.stale };
}
