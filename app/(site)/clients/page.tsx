import type { Metadata } from "next";
import type { Route } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { AddClient } from "@/components/clients/add-client";
import { ClientList } from "@/components/clients/client-list";
import { ExportClientsButton } from "@/components/clients/export-clients";
import { RefreshAllButton } from "@/components/clients/client-actions";
import { ImportClients } from "@/components/clients/import-clients";
import { ClientSearch } from "@/components/clients/client-search";
import { Pager } from "@/components/ui/pager";
import { budgetState } from "@/lib/services/monitoring";
import { requirePageUser } from "@/lib/api/page";
import { invalid, WITH_INPUT } from "@/lib/api/route";
import { ClientsQuery } from "@/lib/api/schemas";
import { STAFF } from "@/lib/auth/roles";
import { brand } from "@/lib/env";
import { KIND_LABELS, OPPORTUNITY_KINDS } from "@/lib/portfolio/opportunities";
import { CLIENTS_PAGE_SIZE, kindCounts, pageOfClients, refreshProgress } from "@/lib/services/clients";
import { REFRESH_ALL_LIMIT } from "@/lib/services/portfolio";
import { idsText, recordStaffRead } from "@/lib/services/staff-reads";

export const metadata: Metadata = { title: "Client portfolio" };

const count = (n: number) => n.toLocaleString("en-US");
/** The parameters that say something, for the page's links and the forms' hidden fields. */
const present = (values: Record<string, string | undefined>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Record<string, string>;
const given = (value: string | string[] | undefined) => (typeof value === "string" && value.trim() ? value : undefined);

export default async function ClientsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await requirePageUser(STAFF, "/clients");
  const { user } = caller;
  const params = await searchParams;
  // The clients' search reads the address as GET /api/clients reads its query; a wrong part is said, not guessed at.
  const asked = { q: given(params.q), sort: given(params.sort), page: given(params.page), kind: given(params.kind) };
  const search = ClientsQuery.safeParse(asked, WITH_INPUT);
  const wrong = search.success ? {} : (invalid(search.error, "query").fields ?? {});
  // What is right of the rest is kept: a bad page number does not undo the search.
  const query = search.success ? search.data : ClientsQuery.parse(Object.fromEntries(Object.entries(asked).filter(([name]) => !(name in wrong))));
  const searchErrors = search.success ? undefined : Object.values(wrong);
  const [page, counts, progress, budget] = await Promise.all([
    pageOfClients(user, { ...query, size: CLIENTS_PAGE_SIZE }),
    kindCounts(user),
    refreshProgress(user),
    budgetState(),
  ]);
  // One row of the log for the view: every customer it names (a page, at most BULK_READ_LIMIT), and their opportunities.
  const ids = page.clients.map((c) => c.id);
  recordStaffRead(caller, {
    action: "clients.read",
    bulk: "clients.export",
    count: ids.length,
    via: "page",
    detail: { clientIds: idsText(ids), opportunities: page.clients.reduce((n, c) => n + c.opportunities.length, 0) },
  });
  const budgetSpent = budget.spent >= budget.budget;
  const kind = query.kind;
  const searched = present({ q: query.q, sort: query.sort === "equity" ? undefined : query.sort });
  const filters = present({ kind });
  const pageHref = (n: number) => `/clients?${new URLSearchParams({ ...filters, ...searched, ...(n > 1 ? { page: String(n) } : {}) })}#clients-title`;
  const kindHref = (k?: string) => `/clients?${new URLSearchParams({ ...searched, ...present({ kind: k }) })}#clients-title`;
  const first = (page.page - 1) * page.size + 1;
  const matching = [query.q ? ` matching “${query.q}”` : "", kind ? ` with “${KIND_LABELS[kind]}”` : ""].join("");

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Client portfolio</h1>
        <p className="max-w-3xl text-sm text-slate-700" data-testid="refresh-schedule">
          {user.role === "admin" ? "Every officer's past clients" : "Your past clients"}: each refresh values their home and its equity, and says when there is
          a reason to call (one billable call per client, none while cached). Every client is also refreshed once a month on a day of their own; this month{" "}
          <strong>
            {budget.spent.toLocaleString("en-US")} of {budget.budget.toLocaleString("en-US")}
          </strong>{" "}
          scheduled refreshes are made (the organization&apos;s monthly budget).
        </p>
        {budgetSpent && budget.waiting > 0 && (
          <p role="status" className="max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
            The month&apos;s refresh budget is spent: {budget.waiting.toLocaleString("en-US")} {budget.waiting === 1 ? "client waits" : "clients wait"} for
            their monthly refresh until next month, or until an admin raises the budget. &quot;Refresh now&quot; still works.
          </p>
        )}
        {progress && (
          <p role="status" className="max-w-3xl rounded-lg border border-brand-700/30 bg-brand-50 p-3 text-sm" data-testid="refresh-progress">
            {`Refreshing your new clients: ${count(progress.done)} of ${count(progress.done + progress.waiting)} done. `}
            Their opportunities appear as each is valued; reload to see the latest.
          </p>
        )}
      </div>

      {/* Closed once there are clients, so the list comes first on every screen; open on an empty portfolio. */}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <Folding id="import-title" title="Import past clients" open={page.total === 0 && !query.q && !kind}>
          <ImportClients />
        </Folding>
        <Folding id="add-title" title="Add a client" open={page.total === 0 && !query.q && !kind}>
          <AddClient />
        </Folding>
      </div>

      {/* Wider than the page's column on a wide screen: the list has five columns and a line of tags per client. */}
      <section aria-labelledby="clients-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 xl:-mx-24">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="clients-title" className="text-lg font-semibold">
            Clients
          </h2>
          {page.total > 0 && (
            <div className="flex flex-wrap items-start gap-3">
              <ExportClientsButton />
              <RefreshAllButton limit={REFRESH_ALL_LIMIT} />
            </div>
          )}
        </div>
        <ClientSearch
          q={query.q ?? ""}
          sort={query.sort}
          keep={filters}
          clear={query.q ? `/clients?${new URLSearchParams({ ...filters, ...present({ sort: searched.sort }) })}#clients-title` : undefined}
        />
        <nav aria-label="Clients by opportunity" className="flex flex-wrap gap-2 text-sm">
          <Link href={kindHref() as Route} aria-current={kind ? undefined : "page"} className={kind ? CHIP : CHIP_ON}>
            Every client
          </Link>
          {OPPORTUNITY_KINDS.filter((k) => counts[k] || k === kind).map((k) => (
            <Link key={k} href={kindHref(k) as Route} aria-current={k === kind ? "page" : undefined} className={k === kind ? CHIP_ON : CHIP}>
              {KIND_LABELS[k]} <span className="tabular-nums">({count(counts[k] ?? 0)})</span>
            </Link>
          ))}
        </nav>
        {searchErrors ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
            {`This address asks for something the list cannot show: ${searchErrors.join("; ")}. That part is left out.`}
          </p>
        ) : null}
        <p className="text-sm text-slate-700" data-testid="clients-shown">
          {page.total === 0
            ? query.q || kind
              ? `No client${matching}.`
              : "No clients yet: import a CSV or add one above."
            : page.clients.length === 0
              ? `No clients on page ${count(page.page)}: ${count(page.total)} ${query.q || kind ? "match" : "in all"}, on ${count(page.pages)} ${page.pages === 1 ? "page" : "pages"}.`
              : `${page.pages === 1 ? "" : `${count(first)}–${count(first + page.clients.length - 1)} of `}${count(page.total)} ${page.total === 1 ? "client" : "clients"}${matching}`}
        </p>
        {page.clients.length > 0 && <ClientList clients={page.clients} caption={`Clients, page ${page.page} of ${page.pages}`} />}
        <Pager label="Pages of clients" page={page.page} pages={page.pages} href={pageHref} />
        <p className="text-xs text-slate-600">
          LTV and available equity come from {brand.provider}&apos;s estimates of each home&apos;s value, at your organization&apos;s maximum LTV.{" "}
          {brand.disclaimer}
        </p>
      </section>
    </div>
  );
}

/** A section that folds away under its heading. */
function Folding({ id, title, open, children }: { id: string; title: string; open: boolean; children: ReactNode }) {
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-4" open={open}>
      <summary className="cursor-pointer">
        <h2 id={id} className="inline text-lg font-semibold">
          {title}
        </h2>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

const CHIP = "rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:border-brand-700 hover:text-brand-700";
const CHIP_ON = "rounded-full border border-brand-700 bg-brand-700 px-3 py-1 font-semibold text-white";
