import { useTranslations } from "next-intl";
import type { PropertyFacts } from "@/lib/services/homes/dto";
import type { FactCatalogue } from "@/lib/i18n/fact-words";
import { useFormats } from "@/lib/i18n/use-formats";
import { factTexts, type FactsCatalogue } from "@/lib/i18n/fact-texts";

/**
 * A home's facts in three groups, in the reader's language: the codes of the records in words (lib/i18n/fact-words.ts),
 * the same words the report and the widget's report use. A server component on the property page, a client one in the
 * lookup's panels: the server logs a code the catalogue does not know (lib/services/homes), not this.
 */
export function PropertyFactsList({ facts }: { facts: PropertyFacts }) {
  const t = useTranslations("PropertyFacts");
  const codes = useTranslations("FactCodes");
  const f = useFormats();
  const say = factTexts(facts, t as unknown as FactsCatalogue, codes as unknown as FactCatalogue, f);
  const groups: { key: string; title: string; rows: [string, string][] }[] = [
    {
      key: "home",
      title: t("theHome"),
      rows: [
        [t("propertyType"), say.propertyType],
        [t("yearBuilt"), say.yearBuilt],
        [t("livingArea"), say.livingArea],
        [t("lotSize"), say.lot],
        [t("bedrooms"), say.bedrooms],
        [t("bathrooms"), say.bathrooms],
        [t("stories"), say.stories],
      ],
    },
    {
      key: "building",
      title: t("buildingGroup"),
      rows: [
        [t("construction"), say.construction],
        [t("roof"), say.roof],
        [t("parking"), say.parking],
        [t("heating"), say.heating],
        [t("cooling"), say.cooling],
      ],
    },
    {
      key: "sale",
      title: t("saleAndTaxes"),
      rows: [
        [t("lastSale"), say.lastSale],
        [t("occupancy"), facts.ownerOccupied ? t("ownerOccupied") : t("absentee")],
        [t("assessedValue", { year: String(facts.assessment.year) }), f.usd(facts.assessment.assessedValue)],
        [t("marketValue"), f.usd(facts.assessment.marketValue)],
        [t("propertyTax"), f.usd(facts.assessment.tax)],
      ],
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {groups.map((group) => (
        <section
          key={group.key}
          aria-labelledby={`facts-${group.key}`}
          className="rounded-xl border border-slate-200 bg-white p-5"
        >
          <h2 id={`facts-${group.key}`} className="font-semibold">
            {group.title}
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            {group.rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-right font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
