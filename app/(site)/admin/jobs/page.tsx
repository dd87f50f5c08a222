import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { DataRow, DataTable } from "@/components/ui/data-table";
import { requirePageUser } from "@/lib/api/page";
import { embedded } from "@/lib/env";
import { getFormats } from "@/lib/i18n/server";
import { jobs, RUNNABLE_JOBS } from "@/lib/jobs";
import { budgetState } from "@/lib/services/portfolio/monitoring";
import { embeddedClock } from "@/lib/services/platform/sandbox-clock";
import { advanceClock, retryFailedJob, runJobNow, saveRefreshBudget } from "./actions";

export async function generateMetadata() {
  const t = await getTranslations("Jobs");
  return { title: t("title") };
}

/** Each runnable job's words in the catalogue (lib/jobs's RUNNABLE_JOBS holds the English for the API's docs). */
const JOB_WORDS = {
  housekeeping: "jobHousekeeping",
  "homeowner-digests": "jobHomeownerDigests",
  "client-refreshes": "jobClientRefreshes",
  "officer-summaries": "jobOfficerSummaries",
  "lead-summaries": "jobLeadSummaries",
} as const satisfies Record<keyof typeof RUNNABLE_JOBS, string>;

/** What the job engine is doing: jobs per kind and state, and the ones that failed after every retry, to run again. */
export default async function JobsPage() {
  await requirePageUser(["admin"], "/admin/jobs");
  const [t, f] = await Promise.all([getTranslations("Jobs"), getFormats()]);
  const engine = await jobs();
  const [counts, failed, clock, budget] = await Promise.all([
    engine.counts(),
    engine.failed(),
    embedded ? embeddedClock() : undefined,
    budgetState(),
  ]);
  const kinds = [...new Set(counts.map((row) => row.name))];
  const states = ["created", "retry", "active", "completed", "failed"];
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{t("title")}</h1>
        <p className="text-slate-700">{t("intro")}</p>
      </div>
      <section aria-labelledby="queues-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="queues-title" className="text-lg font-semibold">
          {t("byKindTitle")}
        </h2>
        {kinds.length === 0 ? (
          <p>{t("noneRun")}</p>
        ) : (
          <DataTable
            label={t("byKindLabel")}
            look="dense"
            columns={[t("kind"), ...states.map((state) => ({ label: t("state", { state }), className: "capitalize" }))]}
          >
            {kinds.map((kind) => (
              <DataRow
                key={kind}
                head={kind}
                cells={states.map((state) =>
                  f.count(counts.find((row) => row.name === kind && row.state === state)?.count ?? 0),
                )}
              />
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="budget-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="budget-title" className="text-lg font-semibold">
          {t("budgetTitle")}
        </h2>
        <p>
          {t.rich("budgetBody", {
            period: f.month(budget.period),
            spent: f.count(budget.spent),
            budget: f.count(budget.budget),
            waiting: budget.waiting,
            b: (chunks) => <strong data-testid="budget-spent">{chunks}</strong>,
          })}
        </p>
        <form action={saveRefreshBudget} className="flex flex-wrap items-end gap-3">
          <label className="block">
            <span className="block text-sm font-medium">{t("budgetField")}</span>
            <input
              name="monthlyBudget"
              type="number"
              min={0}
              max={1_000_000}
              step={1}
              required
              defaultValue={budget.budget}
              className="mt-1 w-40 rounded-lg border border-slate-400 px-3 py-2"
            />
          </label>
          <Button type="submit">{t("saveBudget")}</Button>
        </form>
      </section>
      <section aria-labelledby="run-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="run-title" className="text-lg font-semibold">
          {t("runTitle")}
        </h2>
        <ul className="space-y-3">
          {(Object.keys(RUNNABLE_JOBS) as (keyof typeof RUNNABLE_JOBS)[]).map((name) => (
            <li key={name}>
              {/* The buttons in a column of their own, each job's words beside them however long they run. */}
              <form action={runJobNow} className="grid grid-cols-[auto_1fr] items-center gap-3">
                <input type="hidden" name="name" value={name} />
                <Button type="submit" aria-label={t("runNamed", { name })}>
                  {t("runNow")}
                </Button>
                <span>
                  {t.rich("jobLine", { name, what: t(JOB_WORDS[name]), b: (chunks) => <strong>{chunks}</strong> })}
                </span>
              </form>
            </li>
          ))}
        </ul>
      </section>
      {clock && (
        <section aria-labelledby="clock-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="clock-title" className="text-lg font-semibold">
            {t("clockTitle")}
          </h2>
          <p>
            {t.rich("clockBody", {
              date: f.month(clock.date),
              months: clock.months,
              b: (chunks) => <strong data-testid="embedded-date">{chunks}</strong>,
            })}
          </p>
          <form action={advanceClock}>
            <Button type="submit">{t("clockForward")}</Button>
          </form>
        </section>
      )}
      <section aria-labelledby="failed-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="failed-title" className="text-lg font-semibold">
          {t("failedTitle")}
        </h2>
        {failed.length === 0 ? (
          <p>{t("noneFailed")}</p>
        ) : (
          <ol className="space-y-3">
            {failed.map((job) => (
              <li key={job.id} className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4">
                <p className="font-medium">
                  {t("failedLine", { name: job.name, when: f.dateTime(job.failedAt), attempts: job.attempts })}
                </p>
                <p className="text-sm">{job.error}</p>
                <pre className="overflow-x-auto text-xs text-slate-700">{JSON.stringify(job.data)}</pre>
                <form action={retryFailedJob}>
                  <input type="hidden" name="name" value={job.name} />
                  <input type="hidden" name="id" value={job.id} />
                  <Button type="submit">{t("runAgain")}</Button>
                </form>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
