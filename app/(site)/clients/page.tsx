import type { Metadata } from "next";
import { AddClient } from "@/components/clients/add-client";
import { ExportClientsButton } from "@/components/clients/export-clients";
import { InviteButton, OpportunityActions, RefreshAllButton, RefreshButton } from "@/components/clients/client-actions";
import { ImportClients } from "@/components/clients/import-clients";
import { OpportunityFilters } from "@/components/clients/opportunity-filters";
import { ClientSearch } from "@/components/clients/client-search";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { formatUsd } from "@/lib/format";
import { budgetState } from "@/lib/services/monitoring";
import { requirePageUser } from "@/lib/api/page";
import { invalid, WITH_INPUT } from "@/lib/api/route";
import { ClientsQuery } from "@/lib/api/schemas";
import { STAFF } from "@/lib/auth/roles";
import { brand } from "@/lib/env";
import { KIND_LABELS, OPPORTUNITY_KINDS, type OpportunityKind } from "@/lib/portfolio/opportunities";
import { CLIENTS_PAGE_SIZE, pageOfClients } from "@/lib/services/clients";
import { listOpportunities, REFRESH_ALL_LIMIT, type OpportunityStatus } from "@/lib/services/portfolio";
import { BULK_READ_LIMIT, idsText, recordStaffRead } from "@/lib/services/staff-reads";

const refreshedDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });

export const metadata: Metadata = { title: "Client portfolio" };

const STATUSES = ["open", "contacted", "dismissed"] as const;
// More would be a bulk read, which the API asks a recent second factor for: the page shows a page's worth.
const OPPORTUNITIES_SHOWN = BULK_READ_LIMIT;
const pct = (ltv: number | null) => (ltv === null ? "—" : `${(ltv * 100).toFixed(1)}%`);
const count = (n: number) => n.toLocaleString("en-US");
/** The parameters that say something, for the page's links and the forms' hidden fields. */
const present = (values: Record<string, string | undefined>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Record<string, string>;
const given = (value: string | string[] | undefined) => (typeof value === "string" && value.trim() ? value : undefined);

export default async function ClientsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await requirePageUser(STAFF, "/clients");
  const { user } = caller;
  const params = await searchParams;
  const kind = (OPPORTUNITY_KINDS as readonly string[]).includes(String(params.kind)) ? (params.kind as OpportunityKind) : undefined;
  const status = (STATUSES as readonly string[]).includes(String(params.status)) ? (params.status as OpportunityStatus) : undefined;
  // The clients' search reads the address as GET /api/clients reads its query; a wrong part is said, not guessed at.
  const asked = { q: given(params.q), sort: given(params.sort), page: given(params.page) };
  const search = ClientsQuery.safeParse(asked, WITH_INPUT);
  const wrong = search.success ? {} : (invalid(search.error, "query").fields ?? {});
  // What is right of the rest is kept: a bad page number does not undo the search.
  const query = search.success ? search.data : ClientsQuery.parse(Object.fromEntries(Object.entries(asked).filter(([name]) => !(name in wrong))));
  const searchErrors = search.success ? undefined : Object.values(wrong);
  const [page, listed, budget] = await Promise.all([
    pageOfClients(user, { ...query, size: CLIENTS_PAGE_SIZE }),
    listOpportunities(user, { kind, status }, OPPORTUNITIES_SHOWN),
    budgetState(),
  ]);
  // The view names the page's clients and the clients of the opportunities beside them: together at most
  // BULK_READ_LIMIT customers (more would be an export), the page's own first.
  const named = new Set(page.clients.map((c) => c.id));
  const opportunities = listed.filter((o) => named.has(o.clientId) || (named.size < BULK_READ_LIMIT && named.add(o.clientId)));
  // One row of the log for the view: every customer it names, and how many opportunities.
  recordStaffRead(caller, {
    action: "clients.read",
    bulk: "clients.export",
    count: named.size,
    via: "page",
    detail: { clientIds: idsText([...named]), opportunities: opportunities.length },
  });
  const budgetSpent = budget.spent >= budget.budget;
  const filters = present({ kind, status });
  const searched = present({ q: query.q, sort: query.sort === "equity" ? undefined : query.sort });
  const pageHref = (n: number) => `/clients?${new URLSearchParams({ ...filters, ...searched, ...(n > 1 ? { page: String(n) } : {}) })}#clients-title`;
  const first = (page.page - 1) * page.size + 1;

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Client portfolio</h1>
        <p className="max-w-3xl text-slate-700">
          {user.role === "admin" ? "Every officer's past clients" : "Your past clients"}: each refresh values their home and its equity, and says when there is
          a reason to call. A refresh costs one billable call per client, none while the answer is cached.
        </p>
        <p className="max-w-3xl text-sm text-slate-700" data-testid="refresh-schedule">
          Every client is also refreshed once a month on a day of their own. This month:{" "}
          <strong>
            {budget.spent.toLocaleString("en-US")} of {budget.budget.toLocaleString("en-US")}
          </strong>{" "}
          scheduled refreshes made (the organization&apos;s monthly budget).
        </p>
        {budgetSpent && budget.waiting > 0 && (
          <p role="status" className="max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
            The month&apos;s refresh budget is spent: {budget.waiting.toLocaleString("en-US")} {budget.waiting === 1 ? "client waits" : "clients wait"} for
            their monthly refresh until next month, or until an admin raises the budget. &quot;Refresh now&quot; still works.
          </p>
        )}
      </div>

      <section aria-labelledby="opportunities-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="opportunities-title" className="text-lg font-semibold">
          Opportunities, the most available money first
        </h2>
        <OpportunityFilters
          kind={kind ?? ""}
          status={status ?? ""}
          kinds={OPPORTUNITY_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          keep={searched}
        />
        {opportunities.length === 0 ? (
          <p className="text-sm text-slate-600">None {kind || status ? "match these filters" : "yet: refresh your clients to find them"}.</p>
        ) : (
          <DataTable
            label="Opportunities"
            caption="Opportunities, ranked by available equity"
            columns={["Client", "Opportunity", "Why", "Available equity", "Status", "Actions"]}
          >
            {opportunities.map((o) => (
              <tr key={o.id} className="border-b border-slate-100 align-top" data-testid="opportunity">
                <td className="p-2">
                  <span className="font-medium">{o.client}</span>
                  <span className="block text-xs text-slate-600">{o.address}</span>
                </td>
                <td className="p-2">{KIND_LABELS[o.kind]}</td>
                <td className="max-w-md p-2">{o.reason}</td>
                <td className="p-2" data-equity>
                  {formatUsd(o.amount)}
                </td>
                <td className="p-2" data-testid="opportunity-status">
                  {o.status}
                </td>
                <td className="p-2">
                  <OpportunityActions id={o.id} status={o.status} client={o.client} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {opportunities.length === OPPORTUNITIES_SHOWN && (
          <p className="text-sm text-slate-600">The {OPPORTUNITIES_SHOWN} with the most money are listed: filter by kind or status to see others.</p>
        )}
      </section>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-labelledby="import-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="import-title" className="text-lg font-semibold">
            Import past clients
          </h2>
          <ImportClients />
        </section>
        <section aria-labelledby="add-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="add-title" className="text-lg font-semibold">
            Add a client
          </h2>
          <AddClient />
        </section>
      </div>
      <section aria-labelledby="clients-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
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
        {searchErrors ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
            {`This address asks for something the list cannot show: ${searchErrors.join("; ")}. That part is left out.`}
          </p>
        ) : null}
        <p className="text-sm text-slate-700" data-testid="clients-shown">
          {page.total === 0
            ? query.q
              ? `No client matches “${query.q}”.`
              : "No clients yet: import a CSV or add one above."
            : page.clients.length === 0
              ? `No clients on page ${count(page.page)}: ${count(page.total)} ${query.q ? "match" : "in all"}, on ${count(page.pages)} ${page.pages === 1 ? "page" : "pages"}.`
              : `${page.pages === 1 ? "" : `${count(first)}–${count(first + page.clients.length - 1)} of `}${count(page.total)} ${page.total === 1 ? "client" : "clients"}${query.q ? ` matching “${query.q}”` : ""}`}
        </p>
        {page.clients.length > 0 && (
          <DataTable
            label="Clients"
            caption={`Clients, page ${page.page} of ${page.pages}`}
            columns={["Client", "Loan on file", "LTV", "Available equity", "Refreshed", "Dashboard", { label: "Refresh", hidden: true }]}
          >
            {page.clients.map((c) => (
              <tr key={c.id} className="border-b border-slate-100 align-top" data-testid="client">
                <td className="p-2">
                  <span className="font-medium">{c.name}</span>
                  <span className="block text-xs text-slate-600">{c.address}</span>
                  {c.email && <span className="block text-xs text-slate-600">{c.email}</span>}
                </td>
                <td className="p-2 text-xs">
                  {[c.loanType?.toUpperCase(), c.noteRate !== null ? `${c.noteRate}%` : null, c.loanBalance !== null ? formatUsd(c.loanBalance) : null]
                    .filter(Boolean)
                    .join(" · ") || "—"}
                </td>
                <td className="p-2">{pct(c.ltv)}</td>
                <td className="p-2" data-equity>
                  {c.availableEquity === null ? "—" : formatUsd(c.availableEquity)}
                </td>
                <td className="p-2 text-xs">{c.refreshedAt ? refreshedDay.format(new Date(c.refreshedAt)) : "Never"}</td>
                <td className="p-2">
                  {c.invitation === "none" || c.invitation === "expired" ? (
                    <InviteButton clientId={c.id} name={c.name} hasEmail={!!c.email} />
                  ) : (
                    <span className="text-xs">{c.invitation === "accepted" ? "Joined" : "Invited"}</span>
                  )}
                </td>
                <td className="p-2">
                  <RefreshButton clientId={c.id} name={c.name} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pager label="Pages of clients" page={page.page} pages={page.pages} href={pageHref} />
        <p className="text-xs text-slate-600">
          LTV and available equity come from {brand.provider}&apos;s estimates of each home&apos;s value, at your organization&apos;s maximum LTV.{" "}
          {brand.disclaimer}
        </p>
      </section>
    </div>
  );
}
