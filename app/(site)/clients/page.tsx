import type { Route } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { ClientList } from "@/components/clients/client-list";
import { RefreshAllButton } from "@/components/clients/client-actions";
import { ClientSearch } from "@/components/clients/client-search";
import { Pager } from "@/components/ui/pager";
import { budgetState } from "@/lib/services/portfolio/monitoring";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { invalid, WITH_INPUT } from "@/lib/api/route";
import { ClientsQuery } from "@/lib/api/schemas/clients";
import { STAFF } from "@/lib/auth/roles";
import { brand } from "@/lib/env";
import { getFormats } from "@/lib/i18n/server";
import { OPPORTUNITY_KINDS } from "@/lib/portfolio/opportunities";
import { CLIENTS_PAGE_SIZE, kindCounts, pageOfClients, refreshProgress } from "@/lib/services/portfolio/clients";
import { REFRESH_ALL_LIMIT } from "@/lib/services/portfolio/portfolio";
import { idsText, recordStaffRead } from "@/lib/services/audit/staff-reads";

export async function generateMetadata() {
  const t = await getTranslations("Clients");
  return { title: t("title") };
}

/** The parameters that say something, for the page's links and the forms' hidden fields. */
const present = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Record<string, string>;
const given = (value: string | string[] | undefined) => (typeof value === "string" && value.trim() ? value : undefined);

export default async function ClientsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requirePageUser(STAFF, "/clients");
  const { user } = caller;
  const params = await searchParams;
  // The clients' search reads the address as GET /api/clients reads its query; a wrong part is said, not guessed at.
  const asked = { q: given(params.q), sort: given(params.sort), page: given(params.page), kind: given(params.kind) };
  const search = ClientsQuery.safeParse(asked, WITH_INPUT);
  const wrong = search.success ? {} : (invalid(search.error, "query").fields ?? {});
  // What is right of the rest is kept: a bad page number does not undo the search.
  const query = search.success
    ? search.data
    : ClientsQuery.parse(Object.fromEntries(Object.entries(asked).filter(([name]) => !(name in wrong))));
  const searchErrors = search.success ? undefined : Object.values(wrong);
  const [page, counts, progress, budget, t, f] = await Promise.all([
    pageOfClients(user, { ...query, size: CLIENTS_PAGE_SIZE }),
    kindCounts(user),
    refreshProgress(user),
    budgetState(),
    getTranslations("Clients"),
    getFormats(),
  ]);
  const count = f.count;
  // One row of the log for the view: every customer it names (a page, at most BULK_READ_LIMIT), and their
  // opportunities.
  // The read is logged (and allowed) before any of it is drawn: past the session's allowance, the step-up's prompt.
  const ids = page.clients.map((c) => c.id);
  const read = await readOrStepUp(
    recordStaffRead(caller, {
      action: "clients.read",
      bulk: "clients.export",
      count: ids.length,
      via: "page",
      detail: { clientIds: idsText(ids), opportunities: page.clients.reduce((n, c) => n + c.opportunities.length, 0) },
    }),
  );
  if (read === STEP_UP_FIRST) return <StepUpToRead />;
  const budgetSpent = budget.spent >= budget.budget;
  const kind = query.kind;
  const searched = present({ q: query.q, sort: query.sort === "equity" ? undefined : query.sort });
  const filters = present({ kind });
  const pageHref = (n: number) =>
    `/clients?${new URLSearchParams({ ...filters, ...searched, ...(n > 1 ? { page: String(n) } : {}) })}#clients-title`;
  const kindHref = (k?: string) =>
    `/clients?${new URLSearchParams({ ...searched, ...present({ kind: k }) })}#clients-title`;
  const first = (page.page - 1) * page.size + 1;
  // What the list is narrowed to, for the sentences that say how many are shown.
  const matching = {
    hasQuery: query.q ? "yes" : "no",
    q: query.q ?? "",
    hasKind: kind ? "yes" : "no",
    kind: kind ? t("kind", { kind }) : "",
  };

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h1 className="text-3xl font-bold">{t("title")}</h1>
          <Link href={"/clients/import" as Route} className="text-sm font-medium text-brand-700 underline">
            {t("toolsLink")}
          </Link>
        </div>
        {budgetSpent && budget.waiting > 0 && (
          <p role="status" className="max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
            {t("budgetSpent", { waiting: budget.waiting })}
          </p>
        )}
        {progress && (
          <p
            role="status"
            className="max-w-3xl rounded-lg border border-brand-700/30 bg-brand-50 p-3 text-sm"
            data-testid="refresh-progress"
          >
            {t("refreshing", { done: count(progress.done), total: count(progress.done + progress.waiting) })}
          </p>
        )}
      </div>

      {/* The page's column on every screen: nothing wider, and on a phone the clients come first. */}
      <section
        aria-labelledby="clients-title"
        className="-mx-2 space-y-3 rounded-2xl border border-slate-200 bg-white p-3 sm:mx-0 md:p-4"
      >
        <h2 id="clients-title" className="sr-only">
          {t("listTitle")}
        </h2>
        <ClientSearch
          q={query.q ?? ""}
          sort={query.sort}
          keep={filters}
          clear={
            query.q
              ? `/clients?${new URLSearchParams({ ...filters, ...present({ sort: searched.sort }) })}#clients-title`
              : undefined
          }
        />
        <nav aria-label={t("byOpportunity")} className="flex flex-wrap gap-2 text-sm">
          <Link href={kindHref() as Route} aria-current={kind ? undefined : "page"} className={kind ? CHIP : CHIP_ON}>
            {t("everyClient")}
          </Link>
          {OPPORTUNITY_KINDS.filter((k) => counts[k] || k === kind).map((k) => (
            <Link
              key={k}
              href={kindHref(k) as Route}
              aria-current={k === kind ? "page" : undefined}
              className={k === kind ? CHIP_ON : CHIP}
            >
              {t("kind", { kind: k })} <span className="tabular-nums">({count(counts[k] ?? 0)})</span>
            </Link>
          ))}
        </nav>
        {searchErrors ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
            {t("searchErrors", { errors: searchErrors.join("; ") })}
          </p>
        ) : null}
        <p className="text-sm text-slate-700" data-testid="clients-shown">
          {page.total === 0
            ? query.q || kind
              ? t("noMatch", matching)
              : t.rich("empty", {
                  link: (chunks) => (
                    <Link href={"/clients/import" as Route} className="text-brand-700 underline">
                      {chunks}
                    </Link>
                  ),
                })
            : page.clients.length === 0
              ? t("pastEnd", {
                  page: count(page.page),
                  total: count(page.total),
                  filtered: query.q || kind ? "yes" : "no",
                  pages: page.pages,
                })
              : t("shown", {
                  range: page.pages === 1 ? "no" : "yes",
                  first: count(first),
                  last: count(first + page.clients.length - 1),
                  total: page.total,
                  ...matching,
                })}
        </p>
        {page.clients.length > 0 && (
          <ClientList
            clients={page.clients}
            caption={t("caption", { page: count(page.page), pages: count(page.pages) })}
          />
        )}
        <Pager label={t("pagesLabel")} page={page.page} pages={page.pages} href={pageHref} />
        {page.total > 0 && <RefreshAllButton limit={REFRESH_ALL_LIMIT} />}
        <p className="text-sm text-slate-700" data-testid="refresh-schedule">
          {t.rich("intro", {
            scope: user.role === "admin" ? "all" : "own",
            spent: count(budget.spent),
            budget: count(budget.budget),
            b: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <p className="text-xs text-slate-600">
          {t("footnote", { provider: brand.provider })} {brand.disclaimer}
        </p>
      </section>
    </div>
  );
}

const CHIP =
  "rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:border-brand-700 hover:text-brand-700";
const CHIP_ON = "rounded-full border border-brand-700 bg-brand-700 px-3 py-1 font-semibold text-white";
