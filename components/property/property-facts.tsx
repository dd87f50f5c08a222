import { useTranslations } from "next-intl";
import type { PropertyFacts } from "@/lib/services/homes/dto";
import { useFormats } from "@/lib/i18n/use-formats";

export function PropertyFactsList({ facts }: { facts: PropertyFacts }) {
  const t = useTranslations("PropertyFacts");
  const f = useFormats();
  // Worded like the property report's formatter (lib/property-api/facts), in the reader's language: the service's own
  // words for a type it does not know.
  const halfBaths = facts.bathsTotal - facts.bathsFull;
  const display = {
    propertyType: t("typeName", { code: facts.propertyType.trim().toUpperCase(), label: facts.display.propertyType }),
    livingArea: t("area", { sqft: f.count(facts.livingSqft) }),
    lot: t("lot", { sqft: f.count(facts.lotSqft), acres: f.number(facts.lotSqft / 43_560, 2) }),
    bedrooms: facts.bedrooms === null ? t("notAvailable") : String(facts.bedrooms),
    bathrooms:
      halfBaths > 0
        ? t("bathsHalf", { full: facts.bathsFull, half: halfBaths })
        : t("baths", { full: facts.bathsFull }),
    parking: t("garage", { count: Math.max(0, facts.garageSpaces) }),
  };
  const groups: { key: string; title: string; rows: [string, string][] }[] = [
    {
      key: "home",
      title: t("theHome"),
      rows: [
        [t("propertyType"), display.propertyType],
        [t("yearBuilt"), String(facts.yearBuilt)],
        [t("livingArea"), display.livingArea],
        [t("lotSize"), display.lot],
        [t("bedrooms"), display.bedrooms],
        [t("bathrooms"), display.bathrooms],
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
        [t("parking"), display.parking],
        [t("heating"), facts.heating.toLowerCase()],
        [t("cooling"), facts.cooling.toLowerCase()],
      ],
    },
    {
      key: "sale",
      title: t("saleAndTaxes"),
      rows: [
        [
          t("lastSale"),
          t("lastSaleValue", { amount: f.usd(facts.lastSale.amount), date: f.date(facts.lastSale.date) }),
        ],
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
