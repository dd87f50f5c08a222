import type { Metadata } from "next";
import { PropertyFactsList } from "@/components/property/property-facts";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { brand } from "@/lib/env";
import type { PropertyFacts } from "@/lib/services/dto";
import { AppError } from "@/lib/services/errors";
import { pageIp } from "@/lib/services/pages";
import { propertyFacts } from "@/lib/services/properties";

export const metadata: Metadata = { title: "Example property" };

/** The spec's own example address. */
const EXAMPLE_ADDRESS = "2800 N 24th St, Phoenix, AZ 85008";

async function load(): Promise<PropertyFacts | AppError> {
  try {
    return await propertyFacts({ ip: await pageIp() }, EXAMPLE_ADDRESS);
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
}

export default async function ExamplePage() {
  const facts = await load();
  if (AppError.is(facts)) {
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-5">
        <h1 className="text-xl font-semibold">The property could not be loaded</h1>
        <p className="mt-2">{facts.message}</p>
      </div>
    );
  }
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
