import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import type { ReactNode } from "react";
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
        // One list for every screen: a card per lead on a phone (each value named), columns on a wide screen.
        <div>
          <div aria-hidden="true" className={`hidden border-b px-2 pb-1 text-sm font-semibold ${COLUMNS}`}>
            <span>{t("colHomeowner")}</span>
            <span>{t("colHome")}</span>
            <span>{t("colRequest")}</span>
            <span>{t("colCameIn")}</span>
            <span>{t("colStatus")}</span>
          </div>
          <ul
            aria-label={t("caption", { page: f.count(page.page), pages: f.count(page.pages) })}
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white md:rounded-none md:border-0 md:bg-transparent"
          >
            {page.leads.map((lead) => (
              <li key={lead.id} className={`space-y-1 p-3 md:space-y-0 md:px-2 ${COLUMNS}`} data-testid="lead">
                <div className="min-w-0">
                  <Link href={`/leads/${lead.id}` as Route} className="font-medium text-brand-700 underline">
                    {lead.name ?? lead.email ?? t("leadN", { id: lead.id })}
                  </Link>
                  {lead.email && <span className="block text-xs break-all text-slate-600">{lead.email}</span>}
                </div>
                <p className="text-xs">
                  <Named label={t("colHome")}>{lead.address ?? "—"}</Named>
                </p>
                <div className="min-w-0 text-sm">
                  <Named label={t("colRequest")}>{t("kind", { kind: lead.kind })}</Named>
                  {lead.scenario && (
                    <span className="block text-xs text-slate-700">{scenarioWords(lead.scenario, t, f)}</span>
                  )}
                  {lead.message && <span className="block text-xs break-words text-slate-600">{lead.message}</span>}
                </div>
                <p className="text-xs">
                  <Named label={t("colCameIn")}>
                    <time dateTime={lead.createdAt}>{t("ago", sinceParts(new Date(lead.createdAt), now))}</time>
                  </Named>
                </p>
                <div className="text-sm">
                  <Named label={t("colStatus")}>
                    <span data-testid="lead-status">{t("status", { status: lead.status })}</span>
                  </Named>
                  {lead.held && (
                    <span className="mt-1 block w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      {t("held")}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Pager label={t("pagesLabel")} page={page.page} pages={page.pages} href={(n) => href(n)} />
    </div>
  );
}

const COLUMNS = "md:grid md:grid-cols-[minmax(10rem,1.2fr)_minmax(8rem,1fr)_minmax(10rem,1.4fr)_6rem_7rem] md:gap-3";

/** A value with its column's name: said on a phone's card (and to a screen reader), the header's on a wide screen. */
function Named({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span className="mr-1 text-xs text-slate-600 md:sr-only">{label}:</span>
      {children}
    </>
  );
}
