import { requestLocale } from "@/lib/i18n/server";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PropertyDetails } from "@/components/property/property-details";
import { ReportLink } from "@/components/report/report-link";
import { ErrorPanel } from "@/components/ui/error-panel";
import { brand } from "@/lib/env";
import { AppError, orAppError } from "@/lib/services/errors";
import { homeownerProperty } from "@/lib/services/homes/homes";
import { partnerSiteOf } from "@/lib/services/partners/partners";
import { pageRecords } from "@/lib/services/homes/records";
import { homeownerCard } from "@/lib/services/portfolio/officers";
import { leadPanel } from "@/lib/services/leads/leads";
import { finishedPageUser, pageCaller } from "@/lib/api/page";
import { ReopenFromPartner } from "@/app/embed/dashboard/view/reopen";

export async function generateMetadata() {
  const t = await getTranslations("EmbedDashboard");
  return { title: t("homeTitle") };
}

/** One of the member's homes inside the partner's frame: the same page as in the app, with a way back to the list. */
export default async function PartnerPropertyPage({ params }: { params: Promise<{ propertyId: string }> }) {
  const { propertyId } = await params;
  const t = await getTranslations("EmbedDashboard");
  const errors = await getTranslations("Errors");
  const user = await finishedPageUser();
  if (!user?.ownerIds.length) return <ReopenFromPartner />;
  if (!/^\d+$/.test(propertyId)) notFound();
  const path = `/embed/dashboard/view/properties/${propertyId}`;
  const caller = { ...(await pageCaller(user)), partnerSiteId: await partnerSiteOf(user.id) };
  // The officer's card and the calls to action (leads go to the partner site's officer) are extras, left out when they
  // cannot be read.
  const [home, leads, card] = await Promise.all([
    orAppError(homeownerProperty(caller, propertyId)),
    requestLocale()
      .then((locale) => leadPanel(caller, locale))
      .catch(() => null),
    homeownerCard(user.id).catch(() => null),
  ]);
  if (home === undefined) notFound();
  const applicantName = user.name ?? user.email;
  // Not awaited: the estimate and the facts are sent first, the records stream in when the report arrives.
  const records = AppError.is(home) ? undefined : pageRecords(caller, home, applicantName);
  return (
    <main className="p-4">
      {AppError.is(home) ? (
        <ErrorPanel
          title={t("homeFailed")}
          message={errors.has(home.code as never) ? errors(home.code as never) : home.message}
          retryHref={path}
        />
      ) : (
        <PropertyDetails
          home={home}
          brand={brand}
          retryHref={path}
          back={
            <Link href="/embed/dashboard/view" className="text-sm text-brand-700 underline">
              {t("allHomes")}
            </Link>
          }
          report={<ReportLink address={home.property.facts.address} applicantName={applicantName} />}
          records={records}
          leads={leads}
          card={card}
        />
      )}
    </main>
  );
}
