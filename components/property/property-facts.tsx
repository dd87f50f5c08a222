import { useTranslations } from "next-intl";
import type { PropertyFacts } from "@/lib/services/dto";
import { useFormats } from "@/lib/i18n/use-formats";

export function PropertyFactsList({ facts }: { facts: PropertyFacts }) {
  const t = useTranslations("PropertyFacts");
  const f = useFormats();
  const groups: { key: string; title: string; rows: [string, string][] }[] = [
    {
      key: "home",
      title: t("theHome"),
      rows: [
        // Worded by the formatter the property report uses too, so the page and the PDF agree.
        [t("propertyType"), facts.display.propertyType],
        [t("yearBuilt"), String(facts.yearBuilt)],
        [t("livingArea"), facts.display.livingArea],
        [t("lotSize"), facts.display.lot],
        [t("bedrooms"), facts.display.bedrooms],
        [t("bathrooms"), facts.display.bathrooms],
        [t("stories"), String(facts.stories)],
      ],
    },
    {
      key: "construction",
      title: t("constructionGroup"),
      rows: [
        // The service's own words for the materials and systems, as the records write them.
        [t("construction"), facts.construction.toLowerCase()],
        [t("roof"), facts.roof.toLowerCase()],
        [t("parking"), facts.display.parking],
        [t("heating"), facts.heating.toLowerCase()],
        [t("cooling"), facts.cooling.toLowerCase()],
      ],
    },
    {
      key: "sale",
      title: t("saleAndTaxes"),
      rows: [
        [t("lastSale"), t("lastSaleValue", { amount: f.usd(facts.lastSale.amount), date: f.date(facts.lastSale.date) })],
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
        <section key={group.key} aria-labelledby={`facts-${group.key}`} className="rounded-xl border border-slate-200 bg-white p-5">
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
