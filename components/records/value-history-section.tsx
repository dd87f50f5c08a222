import { useTranslations } from "next-intl";
import { ValueHistoryChart } from "@/components/charts/value-history-chart";
import { DataTable } from "@/components/ui/data-table";
import type { ReactNode } from "react";
import { useFormats } from "@/lib/i18n/use-formats";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import type { Brand } from "@/lib/env";
import type { HomeRecordsDto } from "@/lib/services/homes/records-dto";

type Row = { key: string; date: string; when: string; kind: string; value: ReactNode };

/** Points of the chart as a table, newest first: the chart's accessible equivalent. */
function Figures({ summary, caption, rows }: { summary: string; caption: string; rows: Row[] }) {
  const t = useTranslations("ValueHistory");
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">{summary}</summary>
      <DataTable
        label={caption}
        caption={caption}
        look="quiet"
        className="mt-2"
        columns={[t("when"), t("what"), t("value")]}
      >
        {[...rows]
          .sort((a, b) => b.date.localeCompare(a.date))
          .map((r) => (
            <tr key={r.key} className="border-t border-slate-200">
              <td className="py-1 pr-3 whitespace-nowrap">{r.when}</td>
              <td className="py-1 pr-3">{r.kind}</td>
              <td className="py-1">{r.value}</td>
            </tr>
          ))}
      </DataTable>
    </details>
  );
}

/**
 * The home's value over time. The chart and the list of estimates sit inside the branded Service Estimate box (the
 * latest estimate leads), as every valuation the app shows does; the sales and assessments, public records, outside.
 */
export function ValueHistorySection({
  records,
  brand,
  confidence,
}: {
  records: HomeRecordsDto;
  brand: Brand;
  confidence?: number;
}) {
  const t = useTranslations("ValueHistory");
  const f = useFormats();
  const publicRows: Row[] = [
    ...(records.sales ?? []).map((s) => ({
      key: `s${s.date}${s.price}`,
      date: s.date,
      when: f.date(s.date),
      kind: t("recordedSale"),
      value: f.usd(s.price),
    })),
    ...(records.assessments ?? []).map((a) => ({
      key: `a${a.year}`,
      date: `${a.year}-01-01`,
      when: t("taxYear", { year: String(a.year) }),
      kind: t("assessorValue"),
      value: f.usd(a.marketValue),
    })),
  ];
  const estimates: Row[] = records.estimates.map((e) => ({
    key: `e${e.date}`,
    date: e.date,
    when: f.date(e.date),
    kind: t("serviceEstimate"),
    value: (
      <>
        {f.usd(e.value)}
        <span className="block text-xs text-slate-600">
          {f.usd(e.low)} – {f.usd(e.high)}
        </span>
      </>
    ),
  }));
  if (!publicRows.length && !estimates.length) return <p className="text-slate-700">{t("none")}</p>;
  const missing = records.sales
    ? records.assessments
      ? undefined
      : "assessments"
    : records.assessments
      ? "sales"
      : "both";
  const chart = (
    <div className="space-y-3">
      <ValueHistoryChart
        data={{ sales: records.sales ?? [], assessments: records.assessments ?? [], estimates: records.estimates }}
      />
      {estimates.length > 0 && (
        <Figures summary={t("estimatesSummary")} caption={t("estimatesCaption")} rows={estimates} />
      )}
    </div>
  );
  const latest = records.estimates.at(-1);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t("intro")}</p>
      {latest ? (
        <ServiceEstimate
          variant="compact"
          id="history-estimate"
          value={latest.value}
          low={latest.low}
          high={latest.high}
          confidence={confidence ?? records.estimate?.confidence ?? 100}
          date={latest.date}
          brand={brand}
        >
          {chart}
        </ServiceEstimate>
      ) : (
        chart
      )}
      {missing && <p className="text-sm text-slate-600">{t("missing", { missing })}</p>}
      {publicRows.length > 0 && <Figures summary={t("publicSummary")} caption={t("publicCaption")} rows={publicRows} />}
    </div>
  );
}
