import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PropertyFactsList } from "@/components/property/property-facts";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { brand } from "@/lib/env";
import { countyWord, type FactCatalogue } from "@/lib/i18n/fact-words";
import { LoadError } from "@/components/property/load-error";
import { AppError, orAppError } from "@/lib/services/errors";
import { pageCaller } from "@/lib/api/page";
import { propertyFacts } from "@/lib/services/homes/properties";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Example");
  return { title: t("title") };
}

/** The spec's own example address. */
const EXAMPLE_ADDRESS = "2800 N 24th St, Phoenix, AZ 85008";

export default async function ExamplePage() {
  const [facts, t, codes] = await Promise.all([
    orAppError(propertyFacts(await pageCaller(undefined), EXAMPLE_ADDRESS)),
    getTranslations("Example"),
    getTranslations("FactCodes"),
  ]);
  if (AppError.is(facts)) return <LoadError title={t("loadFailed")} error={facts} retryHref="/example" />;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-medium text-slate-600">{t("title")}</p>
        <h1 className="text-3xl font-bold">{facts.address}</h1>
        <p className="text-slate-700">
          {t("parcel", { county: countyWord(codes as unknown as FactCatalogue, facts.county), apn: facts.apn })}
        </p>
      </div>
      <ServiceEstimate {...facts.estimate} brand={brand} />
      <PropertyFactsList facts={facts} />
    </div>
  );
}
