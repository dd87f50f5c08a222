import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuditFilters, type AuditFilterValues } from "@/components/admin/audit-filters";
import { AuditTable } from "@/components/admin/audit-table";
import { AuditVerifyButton } from "@/components/admin/audit-verify";
import { StepUpDownloadButton } from "@/components/auth/step-up-download";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { invalid, WITH_INPUT } from "@/lib/api/route";
import { AuditQuery } from "@/lib/api/schemas/audit";
import { AUDIT_ACTIONS } from "@/lib/services/audit/labels";
import type { AuditFilter } from "@/lib/services/audit/read";
import { readAuditPage } from "@/lib/services/audit/admin";

export async function generateMetadata() {
  const t = await getTranslations("Audit");
  return { title: t("title") };
}

const FILTERS = ["actor", "propertyId", "address", "action", "outcome", "from", "to"] as const;
const PAGE_SIZE = 50;

/** The query's filters alone: where the page starts is not one. */
const filterOf = ({ actor, propertyId, address, action, outcome, from, to }: AuditFilter): AuditFilter => ({
  actor,
  propertyId,
  address,
  action,
  outcome,
  from,
  to,
});

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * The activity log for admins: who read private data or changed security settings, filtered by the address's query
 * (the same parameters as GET /api/admin/audit), a page at a time, with the CSV download and the chain's check.
 */
export default async function AuditLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requirePageUser(["admin"], "/admin/audit");
  const [params, t] = await Promise.all([searchParams, getTranslations("Audit")]);
  // An empty field of the GET form is no filter at all.
  const given: AuditFilterValues = {};
  for (const name of FILTERS) {
    const value = params[name];
    if (typeof value === "string" && value.trim()) given[name] = value.trim();
  }
  const before = typeof params.before === "string" && params.before ? params.before : undefined;
  const parsed = AuditQuery.safeParse(
    { ...given, ...(before ? { before } : {}), limit: String(PAGE_SIZE) },
    WITH_INPUT,
  );
  const errors = parsed.success ? {} : (invalid(parsed.error, "query").fields ?? {});
  const page = parsed.success
    ? await readOrStepUp(
        readAuditPage(caller, filterOf(parsed.data), { before: parsed.data.before, limit: PAGE_SIZE }, "page"),
      )
    : undefined;
  if (page === STEP_UP_FIRST) return <StepUpToRead />;
  const filterQuery = new URLSearchParams(given as Record<string, string>);
  const withQuery = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...Object.fromEntries(filterQuery), ...extra })}`;
  const filtered = filterQuery.size > 0;

  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{t("title")}</h1>
        <p className="text-slate-700">{t("intro")}</p>
      </div>
      <section
        aria-labelledby="audit-filter-title"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="audit-filter-title" className="text-lg font-semibold">
          {t("filterTitle")}
        </h2>
        <AuditFilters values={given} errors={errors} actions={ACTION_OPTIONS} />
      </section>
      <section
        aria-labelledby="audit-events-title"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h2 id="audit-events-title" className="text-lg font-semibold">
            {t("eventsTitle")}
          </h2>
          <div className="flex flex-wrap items-start gap-4">
            {parsed.success && (
              <StepUpDownloadButton
                path={`/api/admin/audit${withQuery({ format: "csv" })}`}
                fallbackName="activity-log.csv"
                label={filtered ? t("downloadFiltered") : t("download")}
              />
            )}
            <AuditVerifyButton />
          </div>
        </div>
        {!page ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3">
            {t("badFilters", { errors: Object.values(errors).join("; ") })}
          </p>
        ) : page.events.length === 0 ? (
          <p>{filtered ? t("noMatch") : before ? t("noOlder") : t("empty")}</p>
        ) : (
          <AuditTable
            events={page.events}
            caption={t("caption", {
              which: `${before ? "older" : "newest"}${filtered ? "Filtered" : ""}`,
              count: page.events.length,
            })}
          />
        )}
        {(page?.nextBefore || before) && (
          <nav aria-label={t("pagesLabel")} className="flex gap-4">
            {before && (
              <Link href={`/admin/audit${withQuery({})}` as Route} className="font-semibold text-brand-700 underline">
                {t("newest")}
              </Link>
            )}
            {page?.nextBefore && (
              <Link
                href={`/admin/audit${withQuery({ before: String(page.nextBefore) })}` as Route}
                className="font-semibold text-brand-700 underline"
              >
                {t("older")}
              </Link>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}
