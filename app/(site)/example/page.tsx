import type { Metadata } from "next";
import { PropertyFactsList } from "@/components/property/property-facts";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { brand } from "@/lib/env";
import { ErrorPanel } from "@/components/ui/error-panel";
import { AppError, orAppError } from "@/lib/services/errors";
import { pageCaller } from "@/lib/api/page";
import { propertyFacts } from "@/lib/services/properties";

export const metadata: Metadata = { title: "Example property" };

/** The spec's own example address. */
const EXAMPLE_ADDRESS = "2800 N 24th St, Phoenix, AZ 85008";

export default async function ExamplePage() {
  const facts = await orAppError(propertyFacts(await pageCaller(undefined), EXAMPLE_ADDRESS));
  if (AppError.is(facts)) return <ErrorPanel title="The property could not be loaded" message={facts.message} retryHref="/example" />;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-medium text-slate-600">Example property</p>
        <h1 className="text-3xl font-bold">{facts.address}</h1>
        <p className="text-slate-700">
          {facts.county} · APN {facts.apn}
        </p>
      </div>
      <ServiceEstimate {...facts.estimate} brand={brand} />
      <PropertyFactsList facts={facts} />
    </div>
  );
}
