import { PrivateMessages } from "@/components/i18n/client-messages";
import { requestLocale } from "@/lib/i18n/server";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PropertyDetails } from "@/components/property/property-details";
import { ReportDownload } from "@/components/report/report-download";
import { LoadError } from "@/components/property/load-error";
import { brand } from "@/lib/env";
import { AppError, orAppError } from "@/lib/services/errors";
import { homeownerProperty } from "@/lib/services/homes/homes";
import { pageRecords } from "@/lib/services/homes/records";
import { leadPanel } from "@/lib/services/leads/leads";
import { homeownerCard } from "@/lib/services/portfolio/officers";
import { requirePageUser } from "@/lib/api/page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PropertyPage");
  return { title: t("title") };
}

export default async function PropertyPage({ params }: { params: Promise<{ propertyId: string }> }) {
  const { propertyId } = await params;
  const path = `/dashboard/properties/${propertyId}`;
  const caller = await requirePageUser(["homeowner"], path);
  if (!/^\d+$/.test(propertyId)) notFound();
  // The officer's card and the calls to action are extras: when they cannot be read, the page shows without them.
  const [home, leads, card, t] = await Promise.all([
    orAppError(homeownerProperty(caller, propertyId)),
    requestLocale()
      .then((locale) => leadPanel(caller, locale))
      .catch(() => null),
    homeownerCard(caller.user.id).catch(() => null),
    getTranslations("PropertyPage"),
  ]);
  if (AppError.is(home)) return <LoadError title={t("loadFailed")} error={home} retryHref={path} />;
  if (!home) notFound();
  const applicantName = caller.user.name ?? caller.user.email;
  // Not awaited: the estimate and the facts are sent first, the records stream in when the report arrives.
  const records = pageRecords(caller, home, applicantName);
  return (
    <PropertyDetails
      home={home}
      brand={brand}
      retryHref={path}
      back={
        <Link href="/dashboard" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
      }
      report={
        <PrivateMessages>
          <ReportDownload address={home.property.facts.address} applicantName={applicantName} />
        </PrivateMessages>
      }
      records={records}
      leads={leads}
      card={card}
    />
  );
}
