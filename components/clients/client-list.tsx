import type { ReactNode } from "react";
import { InviteButton, OpportunityActions, RefreshButton } from "@/components/clients/client-actions";
import { formatDate, formatLoanType, formatPercent, formatUsd } from "@/lib/format";
import type { ClientOpportunity } from "@/lib/services/clients";
import type { ClientDto } from "@/lib/services/clients";

type Client = ClientDto & { opportunities: ClientOpportunity[] };

const pct = (share: number) => formatPercent(share * 100, "ltv");

/** The figures behind a reason, each in the words and form an officer reads it; the rest are the rule's own. */
const FIGURES: Record<string, { label: string; show: (v: number | string) => string }> = {
  value: { label: "Estimated value", show: (v) => formatUsd(Number(v)) },
  previousValue: { label: "Value at the refresh before", show: (v) => formatUsd(Number(v)) },
  balance: { label: "Loans", show: (v) => formatUsd(Number(v)) },
  ltv: { label: "Loan-to-value today", show: (v) => pct(Number(v)) },
  originalLtv: { label: "Loan-to-value at closing", show: (v) => pct(Number(v)) },
  ofOriginal: { label: "Balance over the original value", show: (v) => pct(Number(v)) },
  available: { label: "Could borrow at the maximum LTV", show: (v) => formatUsd(Number(v)) },
  change: { label: "Change of value", show: (v) => formatPercent(Number(v) * 100, "change") },
  noteRate: { label: "Client's rate", show: (v) => formatPercent(Number(v), "rate") },
  currentRate: { label: "Today's rate", show: (v) => formatPercent(Number(v), "rate") },
  margin: { label: "Above today's rate", show: (v) => `${Number(v).toFixed(2)} points` },
  premiumEnds: {
    label: "Premium ends",
    show: (v) => (v === "life" ? "Never (the loan's life)" : v === "at 78%" ? "At 78% of the original value" : formatDate(String(v))),
  },
  closingDate: { label: "Closed", show: (v) => formatDate(String(v)) },
  visitDays: { label: "Days with a visit this week", show: String },
  reportDownloads: { label: "Reports downloaded", show: String },
  borrowingUses: { label: "Borrowing scenarios tried", show: String },
};

function Figures({ figures }: { figures: ClientOpportunity["figures"] }) {
  const shown = Object.entries(figures).filter(([key, value]) => value !== null && key in FIGURES);
  if (!shown.length) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {shown.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{FIGURES[key]!.label}</dt>
          <dd className="font-medium tabular-nums">{FIGURES[key]!.show(value!)}</dd>
        </div>
      ))}
    </dl>
  );
}

const TAG_TONE: Record<ClientOpportunity["status"], string> = {
  open: "border-brand-700 bg-brand-50 text-brand-900",
  contacted: "border-slate-400 bg-slate-50 text-slate-800",
  dismissed: "border-dashed border-slate-400 bg-white text-slate-700",
  closed: "border-slate-300 bg-white text-slate-700",
};

/**
 * One opportunity as a tag (its short name, "new" on the refresh that found it), opening onto its full name, the day it
 * first applied, the reason, the figures and what to do.
 */
function OpportunityTag({ o, client }: { o: ClientOpportunity; client: string }) {
  return (
    <li>
      <details className="group" data-testid="opportunity" data-kind={o.kind}>
        <summary
          className={`inline-flex cursor-pointer list-none items-center gap-1 rounded-full border px-1.5 text-xs leading-5 font-semibold whitespace-nowrap ${TAG_TONE[o.status]}`}
        >
          {o.short}
          {o.new && <span className="rounded-full bg-brand-700 px-1 text-[0.65rem] leading-4 font-bold text-white">New</span>}
          {o.status !== "open" && <span className="font-normal">· {o.status}</span>}
          <span className="sr-only">: {o.label}, show why</span>
        </summary>
        <div className="mt-1 w-72 max-w-[calc(100vw-3rem)] space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm md:w-96">
          <p className="text-sm font-semibold">{o.label}</p>
          <p className="text-xs text-slate-700">{o.new ? "New at the last refresh" : `Since ${formatDate(o.openedAt)}`}</p>
          <p className="text-sm">{o.reason}</p>
          <Figures figures={o.figures} />
          {o.status === "dismissed" && o.dismissReason && <p className="text-xs text-slate-700">Dismissed: {o.dismissReason}</p>}
          <p className="sr-only" data-testid="opportunity-status">
            {o.status}
          </p>
          <OpportunityActions id={o.id} status={o.status} client={client} label={o.label} />
        </div>
      </details>
    </li>
  );
}

/** A value with its label: read aloud on every screen, shown as a label only where the columns' header is not. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span className="mr-1 text-xs text-slate-600 md:sr-only">{label}:</span>
      {children}
    </>
  );
}

const COLUMNS = "md:grid md:grid-cols-[minmax(9rem,1fr)_minmax(0,1.6fr)_10rem_8rem_9rem] md:gap-3";

/**
 * The officer's clients, one per row with their opportunities as tags: a row of columns on a wide screen, a card on a
 * phone, the same list for both (no table wider than the screen, every value named for a screen reader).
 */
export function ClientList({ clients, caption }: { clients: Client[]; caption: string }) {
  return (
    <div>
      <div aria-hidden="true" className={`hidden border-b px-2 pb-1 text-sm font-semibold ${COLUMNS}`}>
        <span>Client</span>
        <span>Opportunities</span>
        <span>Available equity</span>
        <span>Loan on file</span>
        <span>Dashboard</span>
      </div>
      <ul aria-label={caption} className="divide-y divide-slate-100">
        {clients.map((c) => (
          <li key={c.id} data-testid="client" className={`space-y-2 px-2 py-3 md:items-center md:space-y-0 md:py-1 ${COLUMNS}`}>
            <div className="min-w-0">
              <span className="block truncate text-sm font-medium">{c.name}</span>
              <span className="block truncate text-xs text-slate-600" title={c.address}>
                {c.address}
              </span>
            </div>
            <div>
              <h3 className="sr-only">Opportunities for {c.name}</h3>
              {c.opportunities.length === 0 ? (
                <p className="text-xs text-slate-600">{c.refreshedAt ? "None at the last refresh" : "Not refreshed yet"}</p>
              ) : (
                <ul className="flex flex-wrap gap-1">
                  {c.opportunities.map((o) => (
                    <OpportunityTag key={o.id} o={o} client={c.name} />
                  ))}
                </ul>
              )}
            </div>
            <div className="flex flex-wrap items-baseline gap-x-3 md:block">
              <p className="text-sm whitespace-nowrap">
                <Labelled label="Available equity">
                  <span data-equity className="font-semibold tabular-nums">
                    {c.availableEquity === null ? "—" : formatUsd(c.availableEquity)}
                  </span>
                </Labelled>
                {c.ltv !== null && <span className="text-xs text-slate-700">{` · LTV ${pct(c.ltv)}`}</span>}
              </p>
              <p className="text-xs text-slate-700">{c.refreshedAt ? `as of ${formatDate(c.refreshedAt)}` : "Never refreshed"}</p>
            </div>
            <p className="text-xs text-slate-700">
              <Labelled label="Loan on file">
                {[
                  c.loanType ? formatLoanType(c.loanType) : null,
                  c.noteRate !== null ? formatPercent(c.noteRate, "rate") : null,
                  c.loanBalance !== null ? formatUsd(c.loanBalance) : null,
                ]
                  .filter(Boolean)
                  .join(" · ") || "None"}
              </Labelled>
            </p>
            <div className="flex items-center gap-1.5 text-xs">
              {c.invitation === "none" || c.invitation === "expired" ? (
                <InviteButton clientId={c.id} name={c.name} hasEmail={!!c.email} />
              ) : (
                <span>{c.invitation === "accepted" ? "Joined" : "Invited"}</span>
              )}
              <RefreshButton clientId={c.id} name={c.name} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
