import { ComparablesScatter } from "@/components/charts/comparables-scatter";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatDate, formatUsd } from "@/lib/format";
import type { HomeRecordsDto } from "@/lib/services/records-dto";

const NOT_ON_RECORD = "not on record";
const usdOr = (n: number | null) => (n === null ? NOT_ON_RECORD : formatUsd(n));

/** The comparable sales behind the estimate, the home's own price per square foot beside them, and a scatter of both. */
export function ComparablesSection({ comparables, home }: { comparables: HomeRecordsDto["comparables"]; home?: { sqft: number; price: number } }) {
  if (!comparables) return <p className="text-slate-700">The comparable sales behind the estimate are not on record.</p>;
  const homePerSqft = home ? Math.round(home.price / home.sqft) : undefined;
  const perSqft = comparables.flatMap((c) => (c.pricePerSqft === null ? [] : [c.pricePerSqft])).sort((a, b) => a - b);
  const median = perSqft.length ? perSqft[Math.floor((perSqft.length - 1) / 2)]! : undefined;
  const plotted = comparables.flatMap((c) => (c.price !== null && c.livingSqft !== null ? [{ sqft: c.livingSqft, price: c.price }] : []));
  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 md:grid-cols-[16rem_1fr]">
        <dl className="grid gap-3 text-sm">
          <div className="rounded-lg bg-brand-50 p-3">
            <dt className="text-slate-700">This home, per sq ft</dt>
            <dd className="text-2xl font-bold" data-testid="home-price-per-sqft">
              {homePerSqft === undefined ? NOT_ON_RECORD : formatUsd(homePerSqft)}
            </dd>
            {home && <dd className="text-slate-600">The Service Estimate over {home.sqft.toLocaleString("en-US")} sq ft of living area</dd>}
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-700">Comparable sales, median per sq ft</dt>
            <dd className="text-2xl font-bold">{median === undefined ? NOT_ON_RECORD : formatUsd(median)}</dd>
            <dd className="text-slate-600">of {comparables.length} recent sales nearby</dd>
          </div>
        </dl>
        {plotted.length > 0 && <ComparablesScatter sales={plotted} home={home} />}
      </div>
      {comparables.length === 0 ? (
        <p className="text-slate-700">No comparable sale is on record.</p>
      ) : (
        <TableScroll label="Comparable sales">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recently sold comparable homes behind the estimate</caption>
            <thead className="text-slate-600">
              <tr>
                {["Address", "Sold", "Price", "Living area", "Price per sq ft", "Distance"].map((h) => (
                  <th key={h} scope="col" className="py-1 pr-3 font-medium whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparables.map((c, i) => (
                <tr key={`${c.address}-${i}`} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {c.address.replace(/, [A-Z]{2} \d{5}(-\d{4})?$/, "")}
                  </th>
                  <td className="py-1 pr-3 whitespace-nowrap">{c.date ? formatDate(c.date) : NOT_ON_RECORD}</td>
                  <td className="py-1 pr-3">{usdOr(c.price)}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{c.livingSqft === null ? NOT_ON_RECORD : `${c.livingSqft.toLocaleString("en-US")} sq ft`}</td>
                  <td className="py-1 pr-3">{usdOr(c.pricePerSqft)}</td>
                  <td className="py-1 whitespace-nowrap">{c.distanceMiles === null ? NOT_ON_RECORD : `${c.distanceMiles.toFixed(2)} mi`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
