import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { LeadStatusButtons } from "@/components/leads/lead-status-buttons";
import { ReleaseLeadButton } from "@/components/leads/release-lead-button";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { STAFF } from "@/lib/auth/roles";
import { getFormats } from "@/lib/i18n/server";
import { nextStatuses } from "@/lib/leads/rules";
import { languageName, zonedDateTime } from "@/lib/format/zoned";
import { phoneDisplay } from "@/lib/format/phone";
import { AppError } from "@/lib/services/errors";
import { leadSurroundings } from "@/lib/services/leads/lead-client";
import { readLead } from "@/lib/services/leads/leads";
import { scenarioWords } from "../scenario";
import { sinceParts } from "../time-since";

export async function generateMetadata() {
  const t = await getTranslations("LeadPage");
  return { title: t("title") };
}

export default async function LeadPage({ params }: { params: Promise<{ leadId: string }> }) {
  const { leadId } = await params;
  const caller = await requirePageUser(STAFF, `/leads/${leadId}`);
  if (!/^\d{1,9}$/.test(leadId)) notFound();
  const lead = await readOrStepUp(readLead(caller, Number(leadId), "page")).catch((error: unknown) => {
    if (AppError.is(error) && error.status === 404) return undefined;
    throw error;
  });
  if (!lead) notFound();
  if (lead === STEP_UP_FIRST) return <StepUpToRead />;
  const [t, leads, statusWords, f, around] = await Promise.all([
    getTranslations("LeadPage"),
    getTranslations("Leads"),
    getTranslations("LeadStatus"),
    getFormats(),
    leadSurroundings(caller.user, lead),
  ]);
  // Times as the homeowner lives them: in their home's time zone, named ("10:28 PM CST").
  const at = (value: string) => zonedDateTime(f.locale, value, lead.timeZone);
  const came = {
    since: leads("ago", sinceParts(new Date(lead.createdAt), new Date())),
    at: at(lead.createdAt),
  };
  const phone = phoneDisplay(lead.phone);
  const row = "grid gap-1 sm:grid-cols-[10rem_1fr]";
  return (
    <div className="space-y-6">
      <div>
        <Link href={"/leads" as Route} className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">
          {t("heading", { kind: lead.kind, who: lead.name ?? lead.email ?? t("aHomeowner") })}
        </h1>
        <p className="text-slate-700">
          {lead.officerName && caller.user.role === "admin"
            ? t("cameInFor", { ...came, officer: lead.officerName })
            : t("cameIn", came)}
        </p>
        {around.clientId && (
          <p className="mt-2">
            <Link
              href={`/clients/${around.clientId}` as Route}
              className="font-medium text-brand-700 underline"
              data-testid="lead-client"
            >
              {t("clientPage", { who: lead.name ?? lead.email ?? t("aHomeowner") })}
            </Link>
          </p>
        )}
      </div>
      {lead.held && (
        <section
          aria-labelledby="held-title"
          className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-6"
          data-testid="lead-held"
        >
          <h2 id="held-title" className="text-xl font-semibold">
            {statusWords("held")}
          </h2>
          <p className="text-sm text-slate-800">{statusWords("heldText")}</p>
          {caller.user.role === "admin" && <ReleaseLeadButton leadId={lead.id} />}
        </section>
      )}
      <section aria-labelledby="contact-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="contact-title" className="text-xl font-semibold">
          {t("whoTitle")}
        </h2>
        <dl className="space-y-2 text-sm">
          <div className={row}>
            <dt className="text-slate-600">{t("homeowner")}</dt>
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
          {phone && (
            <div className={row}>
              <dt className="text-slate-600">{t("phone")}</dt>
              <dd>
                {phone.href ? (
                  <a href={phone.href} className="font-semibold text-brand-700 underline" data-testid="lead-call">
                    {t("call", { phone: phone.text })}
                  </a>
                ) : (
                  phone.text
                )}
                {lead.bestTime && ` · ${t("best", { time: lead.bestTime })}`}
              </dd>
            </div>
          )}
          {around.language && (
            <div className={row}>
              <dt className="text-slate-600">{t("language")}</dt>
              <dd data-testid="lead-language">{languageName(f.locale, around.language)}</dd>
            </div>
          )}
          <div className={row}>
            <dt className="text-slate-600">{t("home")}</dt>
            <dd>{lead.address ?? "—"}</dd>
          </div>
          {lead.scenario && (
            <div className={row}>
              <dt className="text-slate-600">{t("scenario")}</dt>
              <dd data-testid="lead-scenario">{scenarioWords(lead.scenario, leads, f)}</dd>
            </div>
          )}
          {lead.message && (
            <div className={row}>
              <dt className="text-slate-600">{t("message")}</dt>
              <dd className="whitespace-pre-wrap">{lead.message}</dd>
            </div>
          )}
          {lead.consent && (
            <div className={row}>
              <dt className="text-slate-600">{t("consent")}</dt>
              <dd>
                <q>{lead.consent.text}</q>
                <span className="block text-xs text-slate-600">
                  {t("given", {
                    at: at(lead.consent.at),
                    ip: lead.consent.ip ?? t("unknownIp"),
                    page: lead.consent.page,
                  })}
                </span>
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="status-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="status-title" className="text-xl font-semibold">
          {t("statusTitle")}
        </h2>
        <LeadStatusButtons leadId={lead.id} status={lead.status} next={nextStatuses(lead.status)} />
        {lead.statusChangedAt && (
          <p className="text-xs text-slate-600">{t("lastChanged", { at: at(lead.statusChangedAt) })}</p>
        )}
      </section>
    </div>
  );
}
