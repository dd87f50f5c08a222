import { requestLocale } from "@/lib/i18n/server";
import type { Metadata } from "next";
import Link from "next/link";
import { after } from "next/server";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { SectionMessages } from "@/components/i18n/client-messages";
import { VerifyPanel } from "@/components/ownership/verify-panel";
import { HomeTotalsPanel, MonthChangeSince } from "@/components/property/home-totals";
import { HomesSkeleton } from "@/components/property/homes-skeleton";
import { PropertyCard } from "@/components/property/property-card";
import { brand } from "@/lib/env";
import type { Caller } from "@/lib/services/platform/gateway";
import type { SessionUser } from "@/lib/auth/roles";
import { LoadError } from "@/components/property/load-error";
import { AppError, orAppError } from "@/lib/services/errors";
import { auditOwnerRead } from "@/lib/services/audit/log";
import { homeownerView, type ClaimedProperty, type ProvedProperty } from "@/lib/services/homes/owners";
import { recordEngagement } from "@/lib/services/portfolio/engagement";
import { contactOf } from "@/lib/services/portfolio/officer-summary";
import { ContactOfficer } from "@/components/leads/contact-officer";
import { leadPanel } from "@/lib/services/leads/leads";
import { homeownerCard } from "@/lib/services/portfolio/officers";
import { OfficerCard } from "@/components/officer/officer-card";
import { homeTotals, monthChange } from "@/lib/services/homes/totals";
import { requirePageUser } from "@/lib/api/page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Dashboard");
  return { title: t("title") };
}

/**
 * A page of its own segment, with no layout or loading file of its own: every segment of a route is work on every
 * view (a layout router in the payload and in the HTML), and this is the homeowner's everyday page. The role is
 * checked before anything streams, so that a refusal is a real 404 (or a redirect to sign in); the homes stream into
 * the skeleton only when they are not at hand (a cached answer renders with the page).
 */
export default async function DashboardPage() {
  const caller = await requirePageUser(["homeowner"], "/dashboard");
  return (
    <SectionMessages section="home">
      <Suspense fallback={<HomesSkeleton />}>
        <Homes caller={caller} />
      </Suspense>
    </SectionMessages>
  );
}

async function Homes({ caller }: { caller: Caller & { user: SessionUser } }) {
  // The officer is read beside the homes (one wait, not two); it is an extra: when it cannot be read, it is left out.
  const [view, officer, leads, card, t] = await Promise.all([
    orAppError(homeownerView(caller)),
    contactOf(caller.user.id).catch(() => undefined),
    requestLocale()
      .then((locale) => leadPanel(caller, locale))
      .catch(() => null),
    homeownerCard(caller.user.id).catch(() => null),
    getTranslations("Dashboard"),
  ]);
  if (AppError.is(view)) return <LoadError title={t("loadFailed")} error={view} retryHref="/dashboard" />;
  if (!view.properties.length && !view.verified) {
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold">{t("welcomeTitle")}</h1>
        <p className="text-slate-700">{t("welcomeBody")}</p>
        <Link
          href="/onboarding"
          className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900"
        >
          {t("addHome")}
        </Link>
      </div>
    );
  }
  const proved = view.properties.filter((p): p is ProvedProperty => p.verified);
  auditOwnerRead(caller);
  const contact = proved.length > 0 ? officer : undefined;
  // "Ask a question" and "Request a call", about the first proved home: in the officer's card when it shows.
  const contactOfficer = (nested: boolean) =>
    leads &&
    proved[0] && (
      <ContactOfficer
        propertyId={proved[0].propertyId}
        officerName={leads.officerName}
        consentText={leads.consentText}
        sent={{ question: leads.today.question, call: leads.today.call }}
        nested={nested}
      />
    );
  // The officer who invited them hears of their visits (a reload in the half hour is the same visit); a homeowner
  // nobody invited has no one to tell, and costs no write.
  if (contact) after(() => recordEngagement(caller.user.id, "dashboard_visit"));
  const waiting = view.properties.filter((p): p is ClaimedProperty => !p.verified);
  const totals = homeTotals(view);
  const summary = [
    proved.length > 0 && t("verifiedCount", { count: proved.length }),
    waiting.length > 0 && t("waitingCount", { count: waiting.length }),
    view.stale && t("stale"),
  ].filter(Boolean);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("title")}</h1>
          <p className="text-slate-700">{summary.join(" ")}</p>
          {/* One home's totals are its own card's figures: only the month's change is said here, not its estimate again. */}
          {totals?.homes === 1 && <MonthChangeSince change={monthChange(caller, view)} />}
        </div>
        <Link
          href="/onboarding"
          className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("addAnother")}
        </Link>
      </div>
      {card ? (
        <OfficerCard card={card}>{contactOfficer(true)}</OfficerCard>
      ) : (
        <>
          {contact && (
            <aside aria-labelledby="contact-title" className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="contact-title" className="text-sm font-semibold text-slate-700">
                {t("yourOfficer")}
              </h2>
              <p>
                {t.rich("officerLine", {
                  name: contact.name,
                  email: contact.email,
                  mail: (chunks) => (
                    <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
                      {chunks}
                    </a>
                  ),
                })}
              </p>
            </aside>
          )}
          {contactOfficer(false)}
        </>
      )}
      {totals && totals.homes > 1 && (
        <HomeTotalsPanel totals={totals} change={monthChange(caller, view)} brand={brand} />
      )}
      {view.verified && proved.length === 0 && (
        <p className="rounded-xl border border-slate-200 bg-white p-6">{t("noProperty")}</p>
      )}
      {proved.length > 0 && (
        <section aria-labelledby="verified-homes" className="space-y-4">
          <h2 id="verified-homes" className="text-xl font-semibold">
            {t("verifiedHomes")}
          </h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {proved.map((property) => (
              <PropertyCard key={property.propertyId} property={property} brand={brand} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
      {waiting.length > 0 && (
        <section aria-labelledby="waiting-homes" className="space-y-4">
          <h2 id="waiting-homes" className="text-xl font-semibold">
            {t("waitingHomes")}
          </h2>
          {waiting.map((property) => (
            <div key={property.verification.addressKey} className="grid items-start gap-5 lg:grid-cols-[1fr_2fr]">
              <PropertyCard property={property} brand={brand} headingLevel={3} />
              <VerifyPanel state={property.verification} headingLevel={3} />
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
