import type { Metadata, Route } from "next";
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
import { listApiTokens } from "@/lib/services/api-tokens";
import { usageByDay, usageByUser, usageSummary } from "@/lib/services/meter";
import { requirePageUser } from "@/lib/api/page";
import { offers, orgSettings } from "@/lib/services/settings";
import { listSites } from "@/lib/services/sites";
import { listStaff } from "@/lib/services/staff";
import { organization } from "@/lib/services/organization";
import { OrganizationForm } from "@/components/officer/organization-form";
import { AssignOfficerForms } from "@/components/officer/assign-officer-forms";
import { addStaff, assignOfficer, assignSiteOfficer, registerSite, saveMaxLtv, saveOffers, saveOpportunityRules } from "./actions";
import { inviteClient } from "../lookup/actions";
import { formatPercent } from "@/lib/format";

export const metadata: Metadata = { title: "Admin" };

const pct = (part: number, whole: number) => (whole ? formatPercent((part / whole) * 100, "share") : "—");

export default async function AdminPage() {
  const { user } = await requirePageUser(["admin"], "/admin");
  const [summary, days, byUser, org, sites, offered, staff, tokens, company] = await Promise.all([
    usageSummary(),
    usageByDay(14),
    usageByUser(),
    orgSettings(),
    listSites(),
    offers(),
    listStaff(),
    listApiTokens(user, "organization"),
    organization(),
  ]);
  const total = summary.total.reduce(
    (acc, r) => ({ calls: acc.calls + r.upstreamCalls, hits: acc.hits + r.cacheHits, billable: acc.billable + r.billableRequests }),
    { calls: 0, hits: 0, billable: 0 },
  );
  const card = "space-y-3 rounded-2xl border border-slate-200 bg-white p-5";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">Admin</h1>
        <div className="flex flex-wrap gap-4">
          <Link href="/admin/outbox" className="font-semibold text-brand-700 underline">
            Outbox: mail and letters sent
          </Link>
          <Link href="/admin/jobs" className="font-semibold text-brand-700 underline">
            Background jobs
          </Link>
          <Link href={"/admin/webhooks" as Route} className="font-semibold text-brand-700 underline">
            Webhooks
          </Link>
          <Link href={"/admin/audit" as Route} className="font-semibold text-brand-700 underline">
            Activity log
          </Link>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="officer-title" className={card}>
          <h2 id="officer-title" className="text-lg font-semibold">
            Add a staff member
          </h2>
          <AddStaffForm action={addStaff} invitations={env.STAFF_PASSWORDS} />
        </section>
        <section aria-labelledby="invite-title" className={card}>
          <h2 id="invite-title" className="text-lg font-semibold">
            Invite a client to their home
          </h2>
          <p className="text-sm text-slate-700">The deed must name the client. The emailed link signs them in as the verified owner.</p>
          <InviteClientForm action={inviteClient} />
        </section>
        <section aria-labelledby="ltv-title" className={card}>
          <h2 id="ltv-title" className="text-lg font-semibold">
            Organization&apos;s maximum loan-to-value
          </h2>
          <p className="text-sm text-slate-700">Available equity everywhere is computed at this ratio.</p>
          <MaxLtvForm current={org.orgMaxLtv} action={saveMaxLtv} />
        </section>
        <section aria-labelledby="offers-title" className={card}>
          <h2 id="offers-title" className="text-lg font-semibold">
            Loans offered to homeowners
          </h2>
          <p className="text-sm text-slate-700">The rate and term of each loan in a homeowner&apos;s borrowing scenarios.</p>
          <OffersForm current={offered} action={saveOffers} />
        </section>
        <section aria-labelledby="organization-title" className={card}>
          <h2 id="organization-title" className="text-lg font-semibold">
            Organization on officers&apos; cards
          </h2>
          <p className="text-sm text-slate-700">
            What every loan officer&apos;s card carries: the company, its NMLS ID, its logo and the Equal Housing Opportunity words.
          </p>
          <OrganizationForm initial={company} staff={staff.map((member) => ({ id: member.id, label: member.email }))} />
        </section>
        <section aria-labelledby="assign-officer-title" className={card}>
          <h2 id="assign-officer-title" className="text-lg font-semibold">
            Whose loan officer
          </h2>
          <p className="text-sm text-slate-700">
            A homeowner&apos;s officer is the one who invited them, else whose clients list them, else their site&apos;s, else the default. Choose one to
            override it.
          </p>
          <AssignOfficerForms
            staff={staff.map((member) => ({ id: member.id, label: member.email }))}
            sites={sites.map((site) => ({ id: site.id, label: site.name }))}
            assign={assignOfficer}
            assignSite={assignSiteOfficer}
          />
        </section>
        <section aria-labelledby="rules-title" className={card}>
          <h2 id="rules-title" className="text-lg font-semibold">
            Client opportunity rules
          </h2>
          <p className="text-sm text-slate-700">
            What makes a refinance, a home equity line or a cash-out worth a call, from each client&apos;s next refresh on.
          </p>
          <OpportunityRulesForm current={org} action={saveOpportunityRules} />
        </section>
      </div>
      <section aria-labelledby="staff-title" className={card}>
        <h2 id="staff-title" className="text-lg font-semibold">
          Staff
        </h2>
        <p className="text-sm text-slate-700">
          Loan officers and admins sign in with a password and a second factor. Resetting someone&apos;s factors signs them out everywhere; they set up a new
          one at their next sign-in. Both changes ask you to confirm it is you.
        </p>
        <StaffList staff={staff} selfId={user.id} />
      </section>
      <section aria-labelledby="tokens-title" className={card}>
        <h2 id="tokens-title" className="text-lg font-semibold">
          API tokens
        </h2>
        <p className="text-sm text-slate-700">
          Every staff member&apos;s tokens, for the organization&apos;s systems (a CRM). A token made here is yours, with the scopes you pick; revoking
          anyone&apos;s stops it at once. See the{" "}
          <a href="/api/docs" className="font-medium text-brand-700 underline">
            API reference
          </a>
          .
        </p>
        <ApiTokens endpoint="/api/admin/tokens" tokens={tokens} scopes={SCOPE_CHOICES} organization />
      </section>
      <section aria-labelledby="sites-title" className={card}>
        <h2 id="sites-title" className="text-lg font-semibold">
          Widget sites
        </h2>
        <SiteForm appOrigin={appOrigin} action={registerSite} />
        {sites.length > 0 && (
          <DataTable label="Widget sites" caption="Registered sites" showCaption dense columns={["Site", "Key", "Origins", "Daily budget"]}>
            {sites.map((site) => (
              <DataRow
                key={site.id}
                head={site.name}
                cells={[
                  <span key="key" className="font-mono">
                    {site.siteKey}
                  </span>,
                  site.allowedOrigins.join(", "),
                  site.dailyBudget,
                ]}
              />
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="usage-title" className={card}>
        <h2 id="usage-title" className="text-lg font-semibold">
          What the service costs
        </h2>
        <p className="text-sm text-slate-700">
          In total: <strong>{total.billable}</strong> billable requests in {total.calls} upstream calls; {total.hits} answers from the cache (cache hit rate{" "}
          <strong data-testid="cache-hit-rate">{pct(total.hits, total.hits + total.calls)}</strong>).
        </p>
        <UsageChartLazy days={days} />
        <div className="grid gap-6 lg:grid-cols-2">
          <DataTable
            label="Billable calls per operation"
            caption="Per operation (today / total)"
            showCaption
            dense
            columns={["Operation", "Billable", "Cache hits", "Hit rate"]}
          >
            {summary.total.map((row) => {
              const today = summary.today.find((t) => t.operation === row.operation);
              return (
                <DataRow
                  key={row.operation}
                  head={row.operation}
                  cells={[
                    `${today?.billableRequests ?? 0} / ${row.billableRequests}`,
                    `${today?.cacheHits ?? 0} / ${row.cacheHits}`,
                    pct(row.cacheHits, row.cacheHits + row.upstreamCalls),
                  ]}
                />
              );
            })}
          </DataTable>
          <DataTable label="Billable calls per user" caption="Per user" showCaption dense columns={["User", "Billable", "Cache hits"]}>
            {byUser.map((row) => (
              <DataRow key={row.email} head={row.email} cells={[row.billable, row.hits]} />
            ))}
          </DataTable>
        </div>
      </section>
    </div>
  );
}
