import type { Route } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ClientFiguresChart } from "@/components/charts/client-figures-chart";
import { OpportunityActions } from "@/components/clients/client-actions";
import { Figures } from "@/components/clients/client-list";
import { useFormats } from "@/lib/i18n/use-formats";
import type { ClientRecord } from "@/lib/services/portfolio/client-record";

/** The sections of a client's page (app/(site)/clients/[clientId]): each a card with its heading. */

export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value rows: two columns from a small screen up, stacked on the narrowest. */
export function Facts({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every live opportunity with its reason, figures and actions; the client's best action first and marked. */
export function ClientOpportunities({ record }: { record: ClientRecord }) {
  const t = useTranslations("ClientPage");
  const list = useTranslations("ClientList");
  const f = useFormats();
  if (record.opportunities.length === 0)
    return <p className="text-sm text-slate-700">{record.refreshedAt ? t("noOpportunities") : t("notRefreshed")}</p>;
  return (
    <ul className="space-y-3">
      {record.opportunities.map((o) => {
        const tag = o.kind === "mortgage_insurance" && typeof o.figures.rule === "string" ? o.figures.rule : o.kind;
        const label = list("tagLabel", { tag, fallback: o.label });
        return (
          <li
            key={o.id}
            data-testid="client-opportunity"
            data-kind={o.kind}
            className={`space-y-2 rounded-xl border p-3 ${o.best ? "border-brand-700 bg-brand-50" : "border-slate-200"}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">{label}</h3>
              <span className="flex flex-wrap gap-1 text-xs">
                {o.best && (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 font-bold text-white" data-testid="best">
                    {t("best")}
                  </span>
                )}
                <span className="rounded-full border border-slate-300 px-2 py-0.5">
                  {list("status", { status: o.status })}
                </span>
              </span>
            </div>
            <p className="text-xs text-slate-700">
              {list("since", { date: f.date(o.openedAt) })}
              {o.worth > 0 && ` · ${t("worth", { amount: f.usd(o.worth) })}`}
            </p>
            <p className="text-sm">{o.reason}</p>
            <Figures figures={o.figures} />
            {o.status === "dismissed" && o.dismissReason && (
              <p className="text-xs text-slate-700">{list("dismissed", { reason: o.dismissReason })}</p>
            )}
            <OpportunityActions id={o.id} status={o.status} client={record.name} label={label} />
          </li>
        );
      })}
    </ul>
  );
}

/** The loan as the officer knows it, the last refresh's figures and the home's value and loans over time. */
export function ClientLoan({ record, footnote }: { record: ClientRecord; footnote: string }) {
  const t = useTranslations("ClientPage");
  const f = useFormats();
  const dash = "—";
  const money = (n: number | null) => (n === null ? dash : f.usd(n));
  const term = record.termMonths;
  return (
    <>
      <Facts
        rows={[
          [t("loanType"), record.loanType ? f.loanType(record.loanType) : dash],
          [t("loanBalance"), money(record.loanBalance)],
          [t("noteRate"), record.noteRate === null ? dash : f.percent(record.noteRate, "rate")],
          [
            t("term"),
            term === null ? dash : term % 12 === 0 ? t("termYears", { years: term / 12 }) : t("termMonths", { term }),
            "client-term",
          ],
          [t("closingDate"), record.closingDate ? f.date(record.closingDate) : dash],
          [t("originalAmount"), money(record.originalLoanAmount)],
          [t("originalValue"), money(record.originalValue)],
          [
            t("mortgageInsurance"),
            t("yesNo", { value: record.mortgageInsurance === null ? "unknown" : String(record.mortgageInsurance) }),
          ],
        ]}
      />
      <h3 className="pt-2 font-semibold">
        {record.refreshedAt ? t("atRefresh", { date: f.date(record.refreshedAt) }) : t("neverRefreshed")}
      </h3>
      {record.refreshedAt && (
        <Facts
          rows={[
            [t("value"), money(record.value)],
            [t("balance"), money(record.balance)],
            [t("ltv"), record.ltv === null ? dash : f.percent(record.ltv * 100, "ltv")],
            [
              t("available"),
              <span key="available" data-equity>
                {money(record.availableEquity)}
              </span>,
            ],
          ]}
        />
      )}
      {record.history.length > 0 && <ClientFiguresChart points={record.history} />}
      <p className="text-xs text-slate-600">{footnote}</p>
    </>
  );
}

/** What the homeowner did on their dashboard and the leads they sent. */
export function ClientEngagement({ record, zoned }: { record: ClientRecord; zoned: (at: string) => string }) {
  const t = useTranslations("ClientPage");
  const leads = useTranslations("Leads");
  const f = useFormats();
  const e = record.engagement;
  const last = (at: string | null) => (at ? t("last", { date: f.date(at) }) : "");
  return (
    <>
      {e ? (
        <Facts
          rows={[
            [t("visits", { days: e.days }), `${f.count(e.visitDays)}${last(e.lastVisit)}`, "engagement-visits"],
            [t("reports", { days: e.days }), `${f.count(e.reportDownloads)}${last(e.lastReport)}`],
            [t("borrowing", { days: e.days }), `${f.count(e.borrowingUses)}${last(e.lastBorrowing)}`],
            [t("digests"), `${f.count(e.digests)}${last(e.lastDigest)}`],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-700">{t(record.invitation === "pending" ? "notJoined" : "noAccount")}</p>
      )}
      <h3 className="pt-2 font-semibold">{t("leadsTitle")}</h3>
      {record.leads.length === 0 ? (
        <p className="text-sm text-slate-700">{t("noLeads")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="client-leads">
          {record.leads.map((lead) => (
            <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
              <Link href={`/leads/${lead.id}` as Route} className="font-medium text-brand-700 underline">
                {leads("kind", { kind: lead.kind })}
              </Link>
              <span className="text-xs text-slate-700">
                {leads("status", { status: lead.status })} · {zoned(lead.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
