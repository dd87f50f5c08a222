import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { isOwnLook } from "@/lib/portfolio/alerts";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { ContactLinks } from "@/components/clients/contact-links";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { STAFF } from "@/lib/auth/roles";
import { getFormats } from "@/lib/i18n/server";
import { idsText, recordStaffRead } from "@/lib/services/audit/staff-reads";
import { firstScreen, markAlertsSeen, type ActionDto } from "@/lib/services/portfolio/alerts";
import { sinceParts } from "../leads/time-since";

export async function generateMetadata() {
  const t = await getTranslations("Today");
  return { title: t("title") };
}

/** A tag's words for an opportunity (mortgage insurance by the rule that found it), as the client list says them. */
const tagOf = (a: ActionDto) =>
  a.kind === "mortgage_insurance" && typeof a.figures.rule === "string" ? a.figures.rule : a.kind;

/**
 * The officer's first screen after sign-in, phone first: today's new leads, the alerts new since they last looked and
 * the engaged homeowners, each a count opening its list; then the three most valuable actions, each one tap from a
 * call or a mail. Reading it marks the alerts seen (as of the moment before they were read).
 */
export default async function TodayPage() {
  const caller = await requirePageUser(STAFF, "/today");
  const { user } = caller;
  const readAt = new Date();
  const [screen, t, tags, leads, f] = await Promise.all([
    firstScreen(user, readAt),
    getTranslations("Today"),
    getTranslations("ClientList"),
    getTranslations("Leads"),
    getFormats(),
  ]);
  const shownClients = [...new Set([...screen.top, ...screen.alerts.listed].map((a) => a.client.id))];
  const read = await readOrStepUp(
    recordStaffRead(caller, {
      action: "clients.read",
      bulk: "clients.export",
      count: shownClients.length,
      via: "page",
      detail: {
        clientIds: idsText(shownClients),
        view: "today",
        newAlerts: screen.alerts.count,
        opportunities: screen.top.length + screen.alerts.listed.length,
      },
    }),
  );
  if (read === STEP_UP_FIRST) return <StepUpToRead />;
  // Another site sending the officer here is not their look: their new alerts stay new.
  if (isOwnLook((await headers()).get("sec-fetch-site"))) await markAlertsSeen(user, readAt);
  const short = (a: ActionDto) => tags("tagShort", { tag: tagOf(a), fallback: a.short });
  const tiles = [
    {
      id: "leads",
      count: screen.leads.today,
      label: t("newLeads", { count: screen.leads.today }),
      more: t("waiting", { count: screen.leads.waiting }),
      href: "/leads?status=new",
    },
    {
      id: "alerts",
      count: screen.alerts.count,
      label: t("newAlerts", { count: screen.alerts.count }),
      more: screen.seenAt
        ? t("sinceLooked", { ago: leads("ago", sinceParts(new Date(screen.seenAt), readAt)) })
        : t("neverLooked"),
      href: "#new-alerts",
    },
    {
      id: "engaged",
      count: screen.engaged,
      label: t("engaged", { count: screen.engaged }),
      more: t("engagedHint"),
      href: "/clients?kind=engagement",
    },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <Link href="/lookup" className="text-sm font-medium text-brand-700 underline">
          {t("lookup")}
        </Link>
      </div>
      <ul aria-label={t("countsLabel")} className="grid grid-cols-3 gap-2 sm:gap-4">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <Link
              href={tile.href as Route}
              data-testid={`count-${tile.id}`}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-700 sm:p-4"
            >
              <span className="text-3xl font-bold text-brand-700 tabular-nums">{f.count(tile.count)}</span>
              <span className="text-xs leading-tight font-semibold [overflow-wrap:anywhere] sm:text-sm">
                {tile.label}
              </span>
              <span className="mt-1 text-xs text-slate-600">{tile.more}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="top-title" className="space-y-3">
        <h2 id="top-title" className="text-xl font-semibold">
          {t("topTitle")}
        </h2>
        {screen.top.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">{t("noTop")}</p>
        ) : (
          <ol className="space-y-3">
            {screen.top.map((a) => (
              <li
                key={a.id}
                data-testid="top-action"
                className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link
                    href={`/clients/${a.client.id}` as Route}
                    prefetch={false}
                    className="text-lg font-semibold text-brand-700 underline"
                  >
                    {a.client.name}
                  </Link>
                  <span className="rounded-full border border-brand-700 bg-brand-50 px-2 text-xs leading-5 font-semibold text-brand-900">
                    {short(a)}
                  </span>
                </div>
                <p className="text-sm">{a.reason}</p>
                <p className="text-xs text-slate-600">{a.client.address}</p>
                <ContactLinks name={a.client.name} phone={a.client.phone} email={a.client.email} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section id="new-alerts" aria-labelledby="alerts-title" className="scroll-mt-4 space-y-3">
        <h2 id="alerts-title" className="text-xl font-semibold">
          {t("alertsTitle", { count: screen.alerts.count })}
        </h2>
        {screen.alerts.listed.length === 0 ? (
          <p className="text-sm text-slate-700">{t("noAlerts")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {screen.alerts.listed.map((a) => (
              <li key={a.id} data-testid="new-alert" className="space-y-1 p-3">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <Link
                    href={`/clients/${a.client.id}` as Route}
                    prefetch={false}
                    className="font-semibold text-brand-700 underline"
                  >
                    {a.client.name}
                  </Link>
                  <span className="text-sm font-medium">{short(a)}</span>
                </p>
                <p className="text-sm text-slate-700">{a.reason}</p>
              </li>
            ))}
          </ul>
        )}
        {screen.alerts.count > screen.alerts.listed.length && (
          <p className="text-sm">
            <Link href="/clients" className="text-brand-700 underline">
              {t("moreAlerts", { count: screen.alerts.count - screen.alerts.listed.length })}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
