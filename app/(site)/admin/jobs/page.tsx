import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DataRow } from "@/components/ui/data-table";
import { TableScroll } from "@/components/ui/table-scroll";
import { requirePageUser } from "@/lib/api/page";
import { embedded } from "@/lib/env";
import { jobs, RUNNABLE_JOBS } from "@/lib/jobs";
import { budgetState } from "@/lib/services/monitoring";
import { embeddedClock } from "@/lib/services/sandbox-clock";
import { advanceClock, retryFailedJob, runJobNow, saveRefreshBudget } from "./actions";
import { formatDateTime, formatMonth } from "@/lib/format";

export const metadata: Metadata = { title: "Background jobs" };

/** What the job engine is doing: jobs per kind and state, and the ones that failed after every retry, to run again. */
export default async function JobsPage() {
  await requirePageUser(["admin"], "/admin/jobs");
  const engine = await jobs();
  const [counts, failed, clock, budget] = await Promise.all([engine.counts(), engine.failed(), embedded ? embeddedClock() : undefined, budgetState()]);
  const kinds = [...new Set(counts.map((row) => row.name))];
  const states = ["created", "retry", "active", "completed", "failed"];
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          ← Admin
        </Link>
        <h1 className="mt-2 text-3xl font-bold">Background jobs</h1>
        <p className="text-slate-700">
          Jobs run on the app&apos;s database (pg-boss): they survive restarts, run once across every app process, and are retried with a growing wait before
          they count as failed.
        </p>
      </div>
      <section aria-labelledby="queues-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="queues-title" className="text-lg font-semibold">
          Jobs by kind
        </h2>
        {kinds.length === 0 ? (
          <p>No jobs have run yet.</p>
        ) : (
          <TableScroll label="Jobs by kind and state">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th scope="col" className="p-1">
                    Kind
                  </th>
                  {states.map((state) => (
                    <th key={state} scope="col" className="p-1 capitalize">
                      {state === "created" ? "waiting" : state}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {kinds.map((kind) => (
                  <DataRow key={kind} head={kind} cells={states.map((state) => counts.find((row) => row.name === kind && row.state === state)?.count ?? 0)} />
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      <section aria-labelledby="budget-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="budget-title" className="text-lg font-semibold">
          Monthly budget of client refreshes
        </h2>
        <p>
          Every officer&apos;s clients are refreshed once a month, each on a day of their own; each refresh is at most one billable call. This month (
          {budget.period}): <strong data-testid="budget-spent">{budget.spent.toLocaleString("en-US")}</strong> of {budget.budget.toLocaleString("en-US")} made
          {budget.waiting > 0 ? `, ${budget.waiting.toLocaleString("en-US")} waiting` : ""}. When it is spent, refreshes wait for next month.
        </p>
        <form action={saveRefreshBudget} className="flex flex-wrap items-end gap-3">
          <label className="block">
            <span className="block text-sm font-medium">Refreshes a month</span>
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
          <Button type="submit">Save budget</Button>
        </form>
      </section>
      <section aria-labelledby="run-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="run-title" className="text-lg font-semibold">
          Run a scheduled job now
        </h2>
        <ul className="space-y-3">
          {Object.entries(RUNNABLE_JOBS).map(([name, what]) => (
            <li key={name}>
              {/* The buttons in a column of their own, each job's words beside them however long they run. */}
              <form action={runJobNow} className="grid grid-cols-[auto_1fr] items-center gap-3">
                <input type="hidden" name="name" value={name} />
                <Button type="submit" aria-label={`Run ${name} now`}>
                  Run now
                </Button>
                <span>
                  <strong>{name}</strong>: {what}
                </span>
              </form>
            </li>
          ))}
        </ul>
      </section>
      {clock && (
        <section aria-labelledby="clock-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="clock-title" className="text-lg font-semibold">
            The embedded service&apos;s clock
          </h2>
          <p>
            The embedded service values homes as of <strong data-testid="embedded-date">{formatMonth(clock.date)}</strong> (
            {clock.months === 0 ? "the data set's own date" : `${clock.months} ${clock.months === 1 ? "month" : "months"} past the data set`}). Moving it
            forward brings the market index and every loan&apos;s schedule a month on, and empties the app&apos;s cache of the service&apos;s answers, so
            refreshes see values and equity change.
          </p>
          <form action={advanceClock}>
            <Button type="submit">Move a month forward</Button>
          </form>
        </section>
      )}
      <section aria-labelledby="failed-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="failed-title" className="text-lg font-semibold">
          Failed jobs
        </h2>
        {failed.length === 0 ? (
          <p>No job has failed.</p>
        ) : (
          <ol className="space-y-3">
            {failed.map((job) => (
              <li key={job.id} className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4">
                <p className="font-medium">
                  {job.name} · failed {formatDateTime(job.failedAt)} after {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"}
                </p>
                <p className="text-sm">{job.error}</p>
                <pre className="overflow-x-auto text-xs text-slate-700">{JSON.stringify(job.data)}</pre>
                <form action={retryFailedJob}>
                  <input type="hidden" name="name" value={job.name} />
                  <input type="hidden" name="id" value={job.id} />
                  <Button type="submit">Run again</Button>
                </form>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
