import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { LEADS_PAGE_SIZE, LeadsQuery } from "@/lib/api/schemas/leads";
import { STAFF } from "@/lib/auth/roles";
import { getFormats } from "@/lib/i18n/server";
import { LEAD_STATUSES } from "@/lib/leads/rules";
import { readLeads } from "@/lib/services/leads/leads";
import { scenarioWords } from "./scenario";
import { sinceParts } from "./time-since";

export async function generateMetadata() {
  const t = await getTranslations("Leads");
  return { title: t("title") };
}

export default async function LeadsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requirePageUser(STAFF, "/leads");
  const params = await searchParams;
  // A wrong status or page in the address is left out, not an error page: the list reads as GET /api/leads does.
  const query = LeadsQuery.safeParse({ status: params.status, page: params.page });
  const { status, page: pageNumber } = query.success ? query.data : { status: undefined, page: 1 };
  const [page, t, f] = await Promise.all([
    readOrStepUp(readLeads(caller, { status, page: pageNumber, size: LEADS_PAGE_SIZE }, "page")),
    getTranslations("Leads"),
    getFormats(),
  ]);
  if (page === STEP_UP_FIRST) return <StepUpToRead />;
  const now = new Date();
  const href = (n: number, s = status) =>
    `/leads?${new URLSearchParams({ ...(s ? { status: s } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  const filter = "rounded-full border px-3 py-1 text-sm font-medium";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="max-w-3xl text-slate-700">
          {t("intro", { scope: caller.user.role === "admin" ? "all" : "own" })}
        </p>
      </div>
      <nav aria-label={t("filterLabel")} className="flex flex-wrap gap-2">
        {[undefined, ...LEAD_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            href={href(1, s) as Route}
            aria-current={s === status ? "page" : undefined}
            className={`${filter} ${s === status ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-700 hover:bg-brand-50"}`}
          >
            {s ? t("status", { status: s }) : t("all")}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-700" data-testid="leads-shown">
        {page.total === 0
          ? status
            ? t("noneWithStatus", { status })
            : t("noneYet")
          : t("count", { count: page.total })}
      </p>
      {page.leads.length > 0 && (
        <DataTable
          label={t("tableLabel")}
          caption={t("caption", { page: f.count(page.page), pages: f.count(page.pages) })}
          columns={[t("colHomeowner"), t("colHome"), t("colRequest"), t("colCameIn"), t("colStatus")]}
        >
          {page.leads.map((lead) => (
            <tr key={lead.id} className="border-b border-slate-100 align-top" data-testid="lead">
              <td className="p-2">
                <Link href={`/leads/${lead.id}` as Route} className="font-medium text-brand-700 underline">
                  {lead.name ?? lead.email ?? t("leadN", { id: lead.id })}
                </Link>
                {lead.email && <span className="block text-xs text-slate-600">{lead.email}</span>}
              </td>
              <td className="p-2 text-xs">{lead.address ?? "—"}</td>
              <td className="max-w-sm p-2">
                {t("kind", { kind: lead.kind })}
                {lead.scenario && (
                  <span className="block text-xs text-slate-700">{scenarioWords(lead.scenario, t, f)}</span>
                )}
                {lead.message && <span className="block truncate text-xs text-slate-600">{lead.message}</span>}
              </td>
              <td className="p-2 text-xs">
                <time dateTime={lead.createdAt}>{t("ago", sinceParts(new Date(lead.createdAt), now))}</time>
              </td>
              <td className="p-2" data-testid="lead-status">
                {t("status", { status: lead.status })}
                {lead.held && (
                  <span className="mt-1 block w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                    {t("held")}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager label={t("pagesLabel")} page={page.page} pages={page.pages} href={(n) => href(n)} />
    </div>
  );
}
