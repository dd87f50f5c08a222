import type { Metadata, Route } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LeadStatusButtons } from "@/components/leads/lead-status-buttons";
import { requirePageUser } from "@/lib/api/page";
import { STAFF } from "@/lib/auth/roles";
import { BEST_TIME_LABELS, nextStatuses, scenarioLine, timeSince, type BestTime } from "@/lib/leads/rules";
import { AppError } from "@/lib/services/errors";
import { readLead } from "@/lib/services/leads";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Lead" };

const KIND_WORDS = { question: "A question", call: "A call request", quote: "A quote request", report: "A report request" } as const;

export default async function LeadPage({ params }: { params: Promise<{ leadId: string }> }) {
  const { leadId } = await params;
  const caller = await requirePageUser(STAFF, `/leads/${leadId}`);
  if (!/^\d{1,9}$/.test(leadId)) notFound();
  const lead = await readLead(caller, Number(leadId), "page").catch((error: unknown) => {
    if (AppError.is(error) && error.status === 404) return undefined;
    throw error;
  });
  if (!lead) notFound();
  const row = "grid gap-1 sm:grid-cols-[10rem_1fr]";
  return (
    <div className="space-y-6">
      <div>
        <Link href={"/leads" as Route} className="text-sm text-brand-700 underline">
          ← All leads
        </Link>
        <h1 className="mt-2 text-3xl font-bold">
          {KIND_WORDS[lead.kind]} from {lead.name ?? lead.email ?? "a homeowner"}
        </h1>
        <p className="text-slate-700">
          Came in {timeSince(new Date(lead.createdAt), new Date())} ({formatDateTime(lead.createdAt)})
          {lead.officerName && caller.user.role === "admin" ? ` · for ${lead.officerName}` : ""}
        </p>
      </div>
      <section aria-labelledby="contact-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="contact-title" className="text-xl font-semibold">
          Who and what
        </h2>
        <dl className="space-y-2 text-sm">
          <div className={row}>
            <dt className="text-slate-600">Homeowner</dt>
            <dd>
              {lead.name ?? "—"}
              {lead.email && (
                <>
                  {" · "}
                  <a href={`mailto:${lead.email}`} className="text-brand-700 underline">
                    {lead.email}
                  </a>
                </>
              )}
            </dd>
          </div>
          {lead.phone && (
            <div className={row}>
              <dt className="text-slate-600">Phone</dt>
              <dd>
                <a href={`tel:${lead.phone}`} className="font-semibold text-brand-700 underline">
                  Call {lead.phone}
                </a>
                {lead.bestTime && ` · best ${BEST_TIME_LABELS[lead.bestTime as BestTime] ?? lead.bestTime}`}
                {lead.timeZone && ` · ${lead.timeZone}`}
              </dd>
            </div>
          )}
          <div className={row}>
            <dt className="text-slate-600">Home</dt>
            <dd>{lead.address ?? "—"}</dd>
          </div>
          {lead.scenario && (
            <div className={row}>
              <dt className="text-slate-600">Scenario</dt>
              <dd data-testid="lead-scenario">{scenarioLine(lead.scenario)}</dd>
            </div>
          )}
          {lead.message && (
            <div className={row}>
              <dt className="text-slate-600">Message</dt>
              <dd className="whitespace-pre-wrap">{lead.message}</dd>
            </div>
          )}
          {lead.consent && (
            <div className={row}>
              <dt className="text-slate-600">Consent</dt>
              <dd>
                <q>{lead.consent.text}</q>
                <span className="block text-xs text-slate-600">
                  Given {formatDateTime(lead.consent.at)} from {lead.consent.ip ?? "an unknown address"} on {lead.consent.page}
                </span>
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="status-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="status-title" className="text-xl font-semibold">
          Where it stands
        </h2>
        <LeadStatusButtons leadId={lead.id} status={lead.status} next={nextStatuses(lead.status)} />
        {lead.statusChangedAt && <p className="text-xs text-slate-600">Last changed {formatDateTime(lead.statusChangedAt)}.</p>}
      </section>
    </div>
  );
}
