import type { Metadata, Route } from "next";
import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { requirePageUser } from "@/lib/api/page";
import { LEADS_PAGE_SIZE, LeadsQuery } from "@/lib/api/lead-schemas";
import { STAFF } from "@/lib/auth/roles";
import { LEAD_STATUSES, scenarioLine, STATUS_LABELS, timeSince } from "@/lib/leads/rules";
import { readLeads } from "@/lib/services/leads";

export const metadata: Metadata = { title: "Leads" };

const KIND_WORDS = { question: "Question", call: "Call request", quote: "Quote request", report: "Report request" } as const;
const count = (n: number) => n.toLocaleString("en-US");

export default async function LeadsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await requirePageUser(STAFF, "/leads");
  const params = await searchParams;
  // A wrong status or page in the address is left out, not an error page: the list reads as GET /api/leads does.
  const query = LeadsQuery.safeParse({ status: params.status, page: params.page });
  const { status, page: pageNumber } = query.success ? query.data : { status: undefined, page: 1 };
  const page = await readLeads(caller, { status, page: pageNumber, size: LEADS_PAGE_SIZE }, "page");
  const now = new Date();
  const href = (n: number, s = status) => `/leads?${new URLSearchParams({ ...(s ? { status: s } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  const filter = "rounded-full border px-3 py-1 text-sm font-medium";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Leads</h1>
        <p className="max-w-3xl text-slate-700">
          {caller.user.role === "admin" ? "Every officer's leads" : "Your leads"}: homeowners&apos; questions, call requests and quote requests, newest first.
          Open one to call and mark it.
        </p>
      </div>
      <nav aria-label="Filter leads by status" className="flex flex-wrap gap-2">
        {[undefined, ...LEAD_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            href={href(1, s) as Route}
            aria-current={s === status ? "page" : undefined}
            className={`${filter} ${s === status ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-700 hover:bg-brand-50"}`}
          >
            {s ? STATUS_LABELS[s] : "All"}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-700" data-testid="leads-shown">
        {page.total === 0
          ? status
            ? `No ${STATUS_LABELS[status].toLowerCase()} leads.`
            : "No leads yet."
          : `${count(page.total)} ${page.total === 1 ? "lead" : "leads"}`}
      </p>
      {page.leads.length > 0 && (
        <DataTable label="Leads" caption={`Leads, page ${page.page} of ${page.pages}`} columns={["Homeowner", "Home", "Request", "Came in", "Status"]}>
          {page.leads.map((lead) => (
            <tr key={lead.id} className="border-b border-slate-100 align-top" data-testid="lead">
              <td className="p-2">
                <Link href={`/leads/${lead.id}` as Route} className="font-medium text-brand-700 underline">
                  {lead.name ?? lead.email ?? `Lead ${lead.id}`}
                </Link>
                {lead.email && <span className="block text-xs text-slate-600">{lead.email}</span>}
              </td>
              <td className="p-2 text-xs">{lead.address ?? "—"}</td>
              <td className="max-w-sm p-2">
                {KIND_WORDS[lead.kind]}
                {lead.scenario && <span className="block text-xs text-slate-700">{scenarioLine(lead.scenario)}</span>}
                {lead.message && <span className="block truncate text-xs text-slate-600">{lead.message}</span>}
              </td>
              <td className="p-2 text-xs">
                <time dateTime={lead.createdAt}>{timeSince(new Date(lead.createdAt), now)}</time>
              </td>
              <td className="p-2" data-testid="lead-status">
                {STATUS_LABELS[lead.status]}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager label="Pages of leads" page={page.page} pages={page.pages} href={(n) => href(n)} />
    </div>
  );
}
