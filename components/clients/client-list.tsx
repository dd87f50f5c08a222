import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Route } from "next";
import Link from "next/link";
import { InviteButton, OpportunityActions, RefreshButton } from "@/components/clients/client-actions";
import { ContactLinks } from "@/components/clients/contact-links";
import type { Formats } from "@/lib/format";
import { useFormats } from "@/lib/i18n/use-formats";
import type { ClientOpportunity } from "@/lib/services/portfolio/clients";
import type { ClientDto } from "@/lib/services/portfolio/clients";

type Client = ClientDto & { opportunities: ClientOpportunity[] };

type T = ReturnType<typeof useTranslations<"ClientList">>;
const pct = (f: Formats, share: number) => f.percent(share * 100, "ltv");

/**
 * The figures behind a reason, each in the form an officer reads it (its words are the catalogue's `figures.<key>`);
 * the rest are the rule's own.
 */
const FIGURES = {
  value: (v, f) => f.usd(Number(v)),
  previousValue: (v, f) => f.usd(Number(v)),
  balance: (v, f) => f.usd(Number(v)),
  ltv: (v, f) => pct(f, Number(v)),
  originalLtv: (v, f) => pct(f, Number(v)),
  ofOriginal: (v, f) => pct(f, Number(v)),
  available: (v, f) => f.usd(Number(v)),
  change: (v, f) => f.percent(Number(v) * 100, "change"),
  noteRate: (v, f) => f.percent(Number(v), "rate"),
  currentRate: (v, f) => f.percent(Number(v), "rate"),
  margin: (v, f, t) => t("points", { points: f.number(Number(v), 2) }),
  premiumEnds: (v, f, t) => (v === "life" ? t("premiumLife") : v === "at 78%" ? t("premiumAt78") : f.date(String(v))),
  closingDate: (v, f) => f.date(String(v)),
  visitDays: (v, f) => f.count(Number(v)),
  reportDownloads: (v, f) => f.count(Number(v)),
  borrowingUses: (v, f) => f.count(Number(v)),
} satisfies Record<string, (v: number | string, f: Formats, t: T) => string>;
type FigureKey = keyof typeof FIGURES;
const isFigure = (key: string): key is FigureKey => key in FIGURES;

export function Figures({ figures }: { figures: ClientOpportunity["figures"] }) {
  const t = useTranslations("ClientList");
  const f = useFormats();
  const shown = Object.entries(figures).flatMap(([key, value]) =>
    value !== null && isFigure(key) ? [[key, value] as const] : [],
  );
  if (!shown.length) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {shown.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{t(`figures.${key}`)}</dt>
          <dd className="font-medium tabular-nums">{FIGURES[key](value, f, t)}</dd>
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
function OpportunityTag({ o, client, best }: { o: ClientOpportunity; client: string; best: boolean }) {
  const t = useTranslations("ClientList");
  const f = useFormats();
  // Mortgage insurance's tag names the rule that found it (lib/portfolio's tagLabel and tagShort, in the reader's
  // words).
  const tag = o.kind === "mortgage_insurance" && typeof o.figures.rule === "string" ? o.figures.rule : o.kind;
  const label = t("tagLabel", { tag, fallback: o.label });
  return (
    <li>
      <details className="group" data-testid="opportunity" data-kind={o.kind}>
        <summary
          className={`inline-flex cursor-pointer list-none items-center gap-1 rounded-full border px-1.5 text-xs leading-5 font-semibold whitespace-nowrap ${TAG_TONE[o.status]}`}
        >
          {t("tagShort", { tag, fallback: o.short })}
          {best && (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3 fill-amber-500" data-testid="best-mark">
              <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
            </svg>
          )}
          {o.new && (
            <span className="rounded-full bg-brand-700 px-1 text-[0.65rem] leading-4 font-bold text-white">
              {t("new")}
            </span>
          )}
          {o.status !== "open" && <span className="font-normal">· {t("status", { status: o.status })}</span>}
          <span className="sr-only">
            {best && t("bestAction")}
            {t("showWhy", { label })}
          </span>
        </summary>
        <div className="mt-1 w-72 max-w-[calc(100vw-3rem)] space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm md:w-96">
          <p className="text-sm font-semibold">{label}</p>
          <p className="text-xs text-slate-700">
            {o.new ? t("newAtRefresh") : t("since", { date: f.date(o.openedAt) })}
          </p>
          <p className="text-sm">{o.reason}</p>
          <Figures figures={o.figures} />
          {o.status === "dismissed" && o.dismissReason && (
            <p className="text-xs text-slate-700">{t("dismissed", { reason: o.dismissReason })}</p>
          )}
          <p className="sr-only" data-testid="opportunity-status">
            {t("status", { status: o.status })}
          </p>
          <OpportunityActions id={o.id} status={o.status} client={client} label={label} />
        </div>
      </details>
    </li>
  );
}

/** An opportunity's full name in the reader's words (mortgage insurance by the rule that found it). */
function labelOf(o: ClientOpportunity, t: T) {
  const tag = o.kind === "mortgage_insurance" && typeof o.figures.rule === "string" ? o.figures.rule : o.kind;
  return t("tagLabel", { tag, fallback: o.label });
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

// Fits the page's column on a desktop (about 950 px inside the list's box): the address is cut short (its full text is
// its title), the loan's words and a long equity line wrap, "Invite" and "Refresh" side by side in both languages.
const COLUMNS = "md:grid md:grid-cols-[minmax(7rem,0.8fr)_minmax(0,1.3fr)_10rem_9.5rem_10rem] md:gap-2";

/**
 * The client's best action (the one the refresh ranked first for them), else the first opportunity being worked (the
 * most money first); a dismissed one is no action.
 */
export const bestOf = (opportunities: ClientOpportunity[]) =>
  opportunities.find((o) => o.best) ?? opportunities.find((o) => o.status !== "dismissed");

/**
 * The officer's clients, one per row with their opportunities as tags: a row of columns on a wide screen, a card on a
 * phone, the same list for both (no table wider than the screen, every value named for a screen reader).
 */
export function ClientList({ clients, caption }: { clients: Client[]; caption: string }) {
  const t = useTranslations("ClientList");
  const f = useFormats();
  return (
    <div>
      <div aria-hidden="true" className={`hidden border-b px-2 pb-1 text-sm font-semibold ${COLUMNS}`}>
        <span>{t("colClient")}</span>
        <span>{t("colOpportunities")}</span>
        <span>{t("colEquity")}</span>
        <span>{t("colLoan")}</span>
        <span>{t("colDashboard")}</span>
      </div>
      <ul aria-label={caption} className="divide-y divide-slate-100">
        {clients.map((c) => {
          const best = bestOf(c.opportunities);
          return (
            <li
              key={c.id}
              data-testid="client"
              className={`space-y-2 px-2 py-3 md:items-center md:space-y-0 md:py-0.5 ${COLUMNS}`}
            >
              <div className="min-w-0">
                <Link
                  href={`/clients/${c.id}` as Route}
                  className="block truncate text-sm font-medium text-brand-700 underline"
                >
                  {c.name}
                </Link>
                <span className="block truncate text-xs text-slate-600" title={c.address}>
                  {c.address}
                </span>
                <div className="mt-1 md:hidden">
                  <ContactLinks name={c.name} phone={c.phone} email={c.email} compact />
                </div>
              </div>
              <div>
                <h3 className="sr-only">{t("opportunitiesFor", { name: c.name })}</h3>
                {best && (
                  <p className="mb-1 text-sm md:hidden" data-testid="best-action">
                    <span className="font-semibold">{t("bestLine", { label: labelOf(best, t) })}</span>{" "}
                    <span className="text-xs text-slate-700">{best.reason}</span>
                  </p>
                )}
                {c.opportunities.length === 0 ? (
                  <p className="text-xs text-slate-600">{c.refreshedAt ? t("noneAtRefresh") : t("notRefreshed")}</p>
                ) : (
                  <ul className="flex flex-wrap gap-1">
                    {[...(best ? [best] : []), ...c.opportunities.filter((o) => o !== best)].map((o) => (
                      <OpportunityTag key={o.id} o={o} client={c.name} best={o === best && o.best} />
                    ))}
                  </ul>
                )}
              </div>
              <div className="flex flex-wrap items-baseline gap-x-3 md:block">
                <p className="text-sm">
                  <Labelled label={t("colEquity")}>
                    <span data-equity className="font-semibold tabular-nums">
                      {c.availableEquity === null ? "—" : f.usd(c.availableEquity)}
                    </span>
                  </Labelled>
                  {c.ltv !== null && (
                    <span className="text-xs text-slate-700">{` · ${t("ltv", { ltv: pct(f, c.ltv) })}`}</span>
                  )}
                </p>
                <p className="text-xs text-slate-700">
                  {c.refreshedAt ? t("asOf", { date: f.date(c.refreshedAt) }) : t("neverRefreshed")}
                </p>
              </div>
              <p className="text-xs text-slate-700">
                <Labelled label={t("colLoan")}>
                  {[
                    c.loanType ? f.loanType(c.loanType) : null,
                    c.noteRate !== null ? f.percent(c.noteRate, "rate") : null,
                    c.loanBalance !== null ? f.usd(c.loanBalance) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ") || t("none")}
                </Labelled>
              </p>
              <div className="flex flex-wrap items-center gap-1.5 text-xs">
                {c.invitation === "none" || c.invitation === "expired" ? (
                  <InviteButton clientId={c.id} name={c.name} hasEmail={!!c.email} />
                ) : (
                  <span>{c.invitation === "accepted" ? t("joined") : t("invited")}</span>
                )}
                <RefreshButton clientId={c.id} name={c.name} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
