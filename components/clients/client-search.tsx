import type { Route } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { KeptFields } from "@/components/ui/kept-fields";
import { SelectField } from "@/components/ui/select-field";

const SORTS = [
  { value: "equity", label: "sortEquity" },
  { value: "name", label: "sortName" },
  { value: "refreshed", label: "sortRefreshed" },
] as const;

/**
 * Searches and sorts the clients as a plain GET form: the address says what is shown, works without script, and the
 * opportunities' filters (`keep`) ride along so one form does not undo the other. A new search starts at page 1.
 */
export function ClientSearch({
  q,
  sort,
  keep,
  clear,
}: {
  q: string;
  sort: string;
  keep: Record<string, string>;
  clear?: string;
}) {
  const t = useTranslations("Clients");
  return (
    <form
      method="get"
      action="/clients#clients-title"
      role="search"
      aria-label={t("listTitle")}
      className="flex flex-wrap items-end gap-3"
    >
      <KeptFields values={keep} />
      <div className="space-y-1">
        <label htmlFor="client-q" className="block text-sm font-medium">
          {t("searchLabel")}
        </label>
        <input
          id="client-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder={t("searchPlaceholder")}
          className="w-64 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
      </div>
      <SelectField
        id="client-sort"
        name="sort"
        label={t("sortBy")}
        look="small"
        defaultValue={sort}
        options={SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
      />
      <button
        type="submit"
        className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t("search")}
      </button>
      {clear && (
        <Link href={clear as Route} className="py-2 text-sm text-brand-700 underline">
          {t("showEvery")}
        </Link>
      )}
    </form>
  );
}
