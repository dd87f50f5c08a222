import { ComparablesScatter } from "@/components/charts/comparables-scatter";
import { useTranslations } from "next-intl";
import { DataTable } from "@/components/ui/data-table";
import { useFormats } from "@/lib/i18n/use-formats";
import type { HomeRecordsDto } from "@/lib/services/homes/records-dto";

const COLUMNS = ["address", "sold", "price", "livingArea", "perSqft", "distance"] as const;

/**
 * The comparable sales behind the estimate, the home's own price per square foot beside them, and a scatter of both.
 */
export function ComparablesSection({
  comparables,
  home,
}: {
  comparables: HomeRecordsDto["comparables"];
  home?: { sqft: number; price: number };
}) {
  const t = useTranslations("Comparables");
  const f = useFormats();
  const NOT_ON_RECORD = t("notOnRecord");
  const usdOr = (n: number | null) => (n === null ? NOT_ON_RECORD : f.usd(n));
  if (!comparables) return <p className="text-slate-700">{t("none")}</p>;
  const homePerSqft = home ? Math.round(home.price / home.sqft) : undefined;
  const perSqft = comparables.flatMap((c) => (c.pricePerSqft === null ? [] : [c.pricePerSqft])).sort((a, b) => a - b);
  const median = perSqft.length ? perSqft[Math.floor((perSqft.length - 1) / 2)]! : undefined;
  const plotted = comparables.flatMap((c) =>
    c.price !== null && c.livingSqft !== null ? [{ sqft: c.livingSqft, price: c.price }] : [],
  );
  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 md:grid-cols-[16rem_1fr]">
        <dl className="grid gap-3 text-sm">
          <div className="rounded-lg bg-brand-50 p-3">
            <dt className="text-slate-700">{t("homePerSqft")}</dt>
            <dd className="text-2xl font-bold" data-testid="home-price-per-sqft">
              {homePerSqft === undefined ? NOT_ON_RECORD : f.usd(homePerSqft)}
            </dd>
            {home && <dd className="text-slate-600">{t("homeBasis", { sqft: f.count(home.sqft) })}</dd>}
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-700">{t("medianPerSqft")}</dt>
            <dd className="text-2xl font-bold">{median === undefined ? NOT_ON_RECORD : f.usd(median)}</dd>
            <dd className="text-slate-600">{t("ofSales", { count: comparables.length })}</dd>
          </div>
        </dl>
        {plotted.length > 0 && <ComparablesScatter sales={plotted} home={home} />}
      </div>
      {comparables.length === 0 ? (
        <p className="text-slate-700">{t("noSale")}</p>
      ) : (
        <DataTable
          label={t("tableLabel")}
          caption={t("caption")}
          look="quiet"
          columns={COLUMNS.map((h) => ({ label: t(h), className: "whitespace-nowrap" }))}
        >
          {comparables.map((c, i) => (
            <tr key={`${c.address}-${i}`} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                {c.address.replace(/, [A-Z]{2} \d{5}(-\d{4})?$/, "")}
              </th>
              <td className="py-1 pr-3 whitespace-nowrap">{c.date ? f.date(c.date) : NOT_ON_RECORD}</td>
              <td className="py-1 pr-3">{usdOr(c.price)}</td>
              <td className="py-1 pr-3 whitespace-nowrap">
                {c.livingSqft === null ? NOT_ON_RECORD : t("sqft", { sqft: f.count(c.livingSqft) })}
              </td>
              <td className="py-1 pr-3">{usdOr(c.pricePerSqft)}</td>
              <td className="py-1 whitespace-nowrap">
                {c.distanceMiles === null ? NOT_ON_RECORD : t("miles", { miles: f.number(c.distanceMiles, 2) })}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
