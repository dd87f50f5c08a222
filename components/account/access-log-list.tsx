import { useTranslations } from "next-intl";
import { DataTable } from "@/components/ui/data-table";
import type { AccessEntry } from "@/lib/services/audit/access-log";
import { useFormats } from "@/lib/i18n/use-formats";

function Who({ by }: { by: AccessEntry["by"] }) {
  const t = useTranslations("DataRights");
  if (by.partnerSite) return <>{t("through", { site: by.partnerSite })}</>;
  const role = by.role && t("role", { role: by.role });
  const person = by.email ? (by.name ? t("person", { name: by.name, email: by.email }) : by.email) : t("formerStaff");
  return (
    <>
      {person}
      {role && <span className="block text-xs text-slate-600">{role}</span>}
    </>
  );
}

/** "Who looked at my home's records": each read of the homeowner's private data by someone else, newest first. */
export function AccessLogList({ entries }: { entries: AccessEntry[] }) {
  const t = useTranslations("DataRights");
  const f = useFormats();
  if (!entries.length)
    return (
      <p className="text-sm text-slate-700" data-testid="access-log-empty">
        {t("accessEmpty")}
      </p>
    );
  // What they looked at, by the log's action code in the reader's language; the log's own words for any other.
  const readWords = (entry: AccessEntry) => {
    const key = `reads.${entry.action.replace(/\./g, "_")}` as Parameters<typeof t>[0];
    return t.has(key) ? t(key) : entry.description;
  };
  return (
    <DataTable label={t("accessLabel")} testId="access-log" look="quiet" columns={[t("when"), t("who"), t("what")]}>
      {entries.map((entry, i) => (
        <tr key={`${entry.at}-${i}`} className="border-b border-slate-100 align-top">
          {/* The day and the time may wrap on a phone: the table then fits its width without scrolling sideways. */}
          <td className="py-1 pr-3">
            <time dateTime={entry.at}>{f.dateTime(entry.at)}</time>
          </td>
          <td className="py-1 pr-3">
            <Who by={entry.by} />
          </td>
          <td className="py-1">
            {readWords(entry)}
            {entry.address && <span className="block text-xs text-slate-600">{entry.address}</span>}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
