import { KeptFields } from "@/components/ui/kept-fields";

/**
 * Filters by kind and status as a plain GET form: the page's address says what is shown, and works without script. The
 * clients' search (`keep`) rides along.
 */
export function OpportunityFilters({
  kind,
  status,
  kinds,
  keep,
}: {
  kind: string;
  status: string;
  kinds: { value: string; label: string }[];
  keep: Record<string, string>;
}) {
  const select = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";
  return (
    <form method="get" action="/clients" className="flex flex-wrap items-end gap-3">
      <KeptFields values={keep} />
      <div className="space-y-1">
        <label htmlFor="filter-kind" className="block text-sm font-medium">
          Kind
        </label>
        <select id="filter-kind" name="kind" defaultValue={kind} className={select}>
          <option value="">All kinds</option>
          {kinds.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="filter-status" className="block text-sm font-medium">
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={status} className={select}>
          <option value="">Open, contacted and dismissed</option>
          <option value="open">Open</option>
          <option value="contacted">Contacted</option>
          <option value="dismissed">Dismissed</option>
        </select>
      </div>
      <button type="submit" className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
        Filter
      </button>
    </form>
  );
}
