import type { Route } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ApiTokens } from "@/components/account/api-tokens";
import { AddStaffForm } from "@/components/admin/add-staff-form";
import { MaxLtvForm, OffersForm, OpportunityRulesForm } from "@/components/admin/admin-forms";
import { InviteClientForm } from "@/components/clients/invite-client-form";
import { SiteForm } from "@/components/admin/site-form";
import { StaffList } from "@/components/admin/staff-list";
import { DataRow, DataTable } from "@/components/ui/data-table";
import { UsageChartLazy } from "@/components/charts/usage-chart-lazy";
import { SCOPE_CHOICES } from "@/lib/auth/api-token-format";
import { appOrigin, env } from "@/lib/env";
import { listApiTokens } from "@/lib/services/identity/api-tokens";
import { usageByDay, usageByUser, usageSummary } from "@/lib/services/platform/meter";
import { requirePageUser } from "@/lib/api/page";
import { offers, orgSettings } from "@/lib/services/platform/settings";
import { listSites } from "@/lib/services/partners/sites";
import { listStaff } from "@/lib/services/identity/staff";
import { defaultOfficer, organization } from "@/lib/services/portfolio/organization";
import { OrganizationForm } from "@/components/officer/organization-form";
import { AssignOfficerForms } from "@/components/officer/assign-officer-forms";
import {
  addStaff,
  assignOfficer,
  assignSiteOfficer,
  registerSite,
  saveMaxLtv,
  saveOffers,
  saveOpportunityRules,
} from "./actions";
import { inviteClient } from "../lookup/actions";
import { getFormats } from "@/lib/i18n/server";
import type { Formats } from "@/lib/format";

export async function generateMetadata() {
  const t = await getTranslations("Admin");
  return { title: t("title") };
}

const pct = (f: Formats, part: number, whole: number) => (whole ? f.percent((part / whole) * 100, "share") : "—");

export default async function AdminPage() {
  const { user } = await requirePageUser(["admin"], "/admin");
  const [t, f] = await Promise.all([getTranslations("Admin"), getFormats()]);
  const [summary, days, byUser, org, sites, offered, staff, tokens, company, fallback] = await Promise.all([
    usageSummary(),
    usageByDay(14),
    usageByUser(),
    orgSettings(),
    listSites(),
    offers(),
    listStaff(),
    listApiTokens(user, "organization"),
    organization(),
    defaultOfficer(),
  ]);
  const total = summary.total.reduce(
    (acc, r) => ({
      calls: acc.calls + r.upstreamCalls,
      hits: acc.hits + r.cacheHits,
      billable: acc.billable + r.billableRequests,
    }),
    { calls: 0, hits: 0, billable: 0 },
  );
  const card = "space-y-3 rounded-2xl border border-slate-200 bg-white p-5";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <div className="flex flex-wrap gap-4">
          <Link href="/admin/outbox" className="font-semibold text-brand-700 underline">
            {t("outboxLink")}
          </Link>
          <Link href="/admin/jobs" className="font-semibold text-brand-700 underline">
            {t("jobsLink")}
          </Link>
          <Link href={"/admin/webhooks" as Route} className="font-semibold text-brand-700 underline">
            {t("webhooksLink")}
          </Link>
          <Link href={"/admin/audit" as Route} className="font-semibold text-brand-700 underline">
            {t("auditLink")}
          </Link>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="officer-title" className={card}>
          <h2 id="officer-title" className="text-lg font-semibold">
            {t("staffAddTitle")}
          </h2>
          <AddStaffForm action={addStaff} invitations={env.STAFF_PASSWORDS} />
        </section>
        <section aria-labelledby="invite-title" className={card}>
          <h2 id="invite-title" className="text-lg font-semibold">
            {t("inviteTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("inviteBody")}</p>
          <InviteClientForm action={inviteClient} />
        </section>
        <section aria-labelledby="ltv-title" className={card}>
          <h2 id="ltv-title" className="text-lg font-semibold">
            {t("ltvTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("ltvBody")}</p>
          <MaxLtvForm current={org.orgMaxLtv} action={saveMaxLtv} />
        </section>
        <section aria-labelledby="offers-title" className={card}>
          <h2 id="offers-title" className="text-lg font-semibold">
            {t("offersTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("offersBody")}</p>
          <OffersForm current={offered} action={saveOffers} />
        </section>
        <section aria-labelledby="organization-title" className={card}>
          <h2 id="organization-title" className="text-lg font-semibold">
            {t("organizationTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("organizationBody")}</p>
          <OrganizationForm
            initial={company}
            staff={staff.map((member) => ({ id: member.id, label: member.email }))}
            fallback={
              fallback && !fallback.chosen
                ? (staff.find((member) => member.id === fallback.officerId)?.email ?? null)
                : null
            }
          />
        </section>
        <section aria-labelledby="assign-officer-title" className={card}>
          <h2 id="assign-officer-title" className="text-lg font-semibold">
            {t("assignTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("assignBody")}</p>
          <AssignOfficerForms
            staff={staff.map((member) => ({ id: member.id, label: member.email }))}
            sites={sites.map((site) => ({ id: site.id, label: site.name }))}
            assign={assignOfficer}
            assignSite={assignSiteOfficer}
          />
        </section>
        <section aria-labelledby="rules-title" className={card}>
          <h2 id="rules-title" className="text-lg font-semibold">
            {t("rulesTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("rulesBody")}</p>
          <OpportunityRulesForm current={org} action={saveOpportunityRules} />
        </section>
      </div>
      <section aria-labelledby="staff-title" className={card}>
        <h2 id="staff-title" className="text-lg font-semibold">
          {t("staffTitle")}
        </h2>
        <p className="text-sm text-slate-700">{t("staffBody")}</p>
        <StaffList staff={staff} selfId={user.id} />
      </section>
      <section aria-labelledby="tokens-title" className={card}>
        <h2 id="tokens-title" className="text-lg font-semibold">
          {t("tokensTitle")}
        </h2>
        <p className="text-sm text-slate-700">
          {t.rich("tokensBody", {
            docs: (chunks) => (
              <a href="/api/docs" className="font-medium text-brand-700 underline">
                {chunks}
              </a>
            ),
          })}
        </p>
        <ApiTokens endpoint="/api/admin/tokens" tokens={tokens} scopes={SCOPE_CHOICES} organization />
      </section>
      <section aria-labelledby="sites-title" className={card}>
        <h2 id="sites-title" className="text-lg font-semibold">
          {t("sitesTitle")}
        </h2>
        <SiteForm appOrigin={appOrigin} action={registerSite} />
        {sites.length > 0 && (
          <DataTable
            label={t("sitesTitle")}
            caption={t("sitesCaption")}
            showCaption
            look="dense"
            columns={[t("siteColumn"), t("keyColumn"), t("originsColumn"), t("budgetColumn")]}
          >
            {sites.map((site) => (
              <DataRow
                key={site.id}
                head={site.name}
                cells={[
                  <span key="key" className="font-mono">
                    {site.siteKey}
                  </span>,
                  site.allowedOrigins.join(", "),
                  f.count(site.dailyBudget),
                ]}
              />
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="usage-title" className={card}>
        <h2 id="usage-title" className="text-lg font-semibold">
          {t("usageTitle")}
        </h2>
        <p className="text-sm text-slate-700">
          {t.rich("usageTotal", {
            billable: total.billable,
            calls: total.calls,
            hits: total.hits,
            rate: pct(f, total.hits, total.hits + total.calls),
            b: (chunks) => <strong>{chunks}</strong>,
            hitRate: (chunks) => <strong data-testid="cache-hit-rate">{chunks}</strong>,
          })}
        </p>
        <UsageChartLazy days={days} />
        <div className="grid gap-6 lg:grid-cols-2">
          <DataTable
            label={t("perOperationLabel")}
            caption={t("perOperationCaption")}
            showCaption
            look="dense"
            columns={[t("operationColumn"), t("billableColumn"), t("hitsColumn"), t("hitRateColumn")]}
          >
            {summary.total.map((row) => {
              const today = summary.today.find((t) => t.operation === row.operation);
              return (
                <DataRow
                  key={row.operation}
                  head={row.operation}
                  cells={[
                    t("todayOfTotal", { today: today?.billableRequests ?? 0, total: row.billableRequests }),
                    t("todayOfTotal", { today: today?.cacheHits ?? 0, total: row.cacheHits }),
                    pct(f, row.cacheHits, row.cacheHits + row.upstreamCalls),
                  ]}
                />
              );
            })}
          </DataTable>
          <DataTable
            label={t("perUserLabel")}
            caption={t("perUserCaption")}
            showCaption
            look="dense"
            columns={[t("userColumn"), t("billableColumn"), t("hitsColumn")]}
          >
            {byUser.map((row) => (
              <DataRow key={row.email} head={row.email} cells={[f.count(row.billable), f.count(row.hits)]} />
            ))}
          </DataTable>
        </div>
      </section>
    </div>
  );
}
