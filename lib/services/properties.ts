import "server-only";
import { env } from "@/lib/env";
import { addressKeyOf } from "./access";
import { toPropertyFacts, type PropertyFacts } from "./dto";
import { cachedCall, type Caller } from "./gateway";
import { upstream } from "./upstream";

/**
 * The facts of an address for a public page (the example): through the same cache, single-flight, meter and per-IP
 * limit as every other call, so a popular page costs one billable call a week, not one per visit.
 */
export async function publicPropertyFacts(caller: Caller, address: string): Promise<PropertyFacts> {
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
