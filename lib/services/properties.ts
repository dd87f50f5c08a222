import "server-only";
import { toPropertyFacts, type PropertyFacts } from "./dto";
import { upstream } from "./upstream";

/** The property summary of an address, mapped for pages. */
export async function propertyFacts(address: string): Promise<PropertyFacts> {
  const { propertySummary } = await upstream().client.propertySummary(address);
  return toPropertyFacts(propertySummary);
}
