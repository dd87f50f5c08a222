import { useTranslations } from "next-intl";
import { DataTable } from "@/components/ui/data-table";
import { useFormats } from "@/lib/i18n/use-formats";
import type { HomeRecordsDto } from "@/lib/services/homes/records-dto";

/** A loan's position on the title, as the `Loans.position` message selects it. */
const POSITIONS: Record<number, string> = { 1: "first", 2: "second", 3: "third" };
const COLUMNS = ["loan", "lender", "type", "rate", "originalAmount", "recorded", "estimatedBalance"] as const;

/** The active loans as the public records show them (the recorded amounts; the balances are estimates). */
export function LoansSection({ loans }: { loans: HomeRecordsDto["loans"] }) {
  const t = useTranslations("Loans");
  const f = useFormats();
  const NOT_ON_RECORD = t("notOnRecord");
  if (!loans) return <p className="text-slate-700">{t("none")}</p>;
  if (!loans.length) return <p className="text-slate-700">{t("noActive")}</p>;
  const total = loans.reduce((sum, l) => sum + (l.estimatedBalance ?? 0), 0);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("intro")}</p>
      <DataTable
        label={t("tableLabel")}
        caption={t("caption")}
        look="quiet"
        columns={COLUMNS.map((h) => ({ label: t(h), className: "whitespace-nowrap" }))}
        footer={
          loans.length > 1 && (
            <tr className="border-t border-slate-300">
              <th scope="row" colSpan={6} className="py-1 pr-3 text-right font-medium">
                {t("total")}
              </th>
              <td className="py-1 font-semibold">{f.usd(total)}</td>
            </tr>
          )
        }
      >
        {loans.map((l, i) => (
          <tr key={i} className="border-t border-slate-100">
            <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
              {t("position", { position: (l.position && POSITIONS[l.position]) || "other", index: String(i + 1) })}
            </th>
            <td className="py-1 pr-3" translate={l.lender ? "no" : undefined}>
              {l.lender ?? NOT_ON_RECORD}
            </td>
            <td className="py-1 pr-3">{l.type ? f.loanType(l.type) : NOT_ON_RECORD}</td>
            <td className="py-1 pr-3">{l.ratePercent === null ? NOT_ON_RECORD : f.percent(l.ratePercent, "rate")}</td>
            <td className="py-1 pr-3">{l.originalAmount === null ? NOT_ON_RECORD : f.usd(l.originalAmount)}</td>
            <td className="py-1 pr-3 whitespace-nowrap">{l.recordedDate ? f.date(l.recordedDate) : NOT_ON_RECORD}</td>
            <td className="py-1 font-semibold">
              {l.estimatedBalance === null ? NOT_ON_RECORD : f.usd(l.estimatedBalance)}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
