import type { PropertyFacts } from "@/lib/services/dto";
import { formatDate, formatUsd } from "@/lib/format";

export function PropertyFactsList({ facts }: { facts: PropertyFacts }) {
  const groups: { title: string; rows: [string, string][] }[] = [
    {
      title: "The home",
      rows: [
        // Worded by the formatter the property report uses too, so the page and the PDF agree.
        ["Property type", facts.display.propertyType],
        ["Year built", String(facts.yearBuilt)],
        ["Living area", facts.display.livingArea],
        ["Lot size", facts.display.lot],
        ["Bedrooms", facts.display.bedrooms],
        ["Bathrooms", facts.display.bathrooms],
        ["Stories", String(facts.stories)],
      ],
    },
    {
      title: "Construction",
      rows: [
        ["Construction", facts.construction.toLowerCase()],
        ["Roof", facts.roof.toLowerCase()],
        ["Parking", facts.display.parking],
        ["Heating", facts.heating.toLowerCase()],
        ["Cooling", facts.cooling.toLowerCase()],
      ],
    },
    {
      title: "Sale and taxes",
      rows: [
        ["Last sale", `${formatUsd(facts.lastSale.amount)} on ${formatDate(facts.lastSale.date)}`],
        ["Occupancy", facts.ownerOccupied ? "Owner occupied" : "Absentee owner"],
        [`Assessed value (${facts.assessment.year})`, formatUsd(facts.assessment.assessedValue)],
        ["Market value (assessor)", formatUsd(facts.assessment.marketValue)],
        ["Property tax", formatUsd(facts.assessment.tax)],
      ],
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`facts-${group.title}`} className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id={`facts-${group.title}`} className="font-semibold">
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
