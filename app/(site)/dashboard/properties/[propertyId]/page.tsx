import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PropertyDetails } from "@/components/property/property-details";
import { ReportDownload } from "@/components/report/report-download";
import { ErrorPanel } from "@/components/ui/error-panel";
import { brand } from "@/lib/env";
import { AppError, orAppError } from "@/lib/services/errors";
import { homeownerProperty } from "@/lib/services/homes";
import { pageRecords } from "@/lib/services/records";
import { leadPanel } from "@/lib/services/leads";
import { homeownerCard } from "@/lib/services/officers";
import { requirePageUser } from "@/lib/api/page";

export const metadata: Metadata = { title: "Your home" };

export default async function PropertyPage({ params }: { params: Promise<{ propertyId: string }> }) {
  const { propertyId } = await params;
  const path = `/dashboard/properties/${propertyId}`;
  const caller = await requirePageUser(["homeowner"], path);
  if (!/^\d+$/.test(propertyId)) notFound();
  // The officer's card and the calls to action are extras: when they cannot be read, the page shows without them.
  const [home, leads, card] = await Promise.all([
    orAppError(homeownerProperty(caller, propertyId)),
    leadPanel(caller).catch(() => null),
    homeownerCard(caller.user.id).catch(() => null),
  ]);
  if (AppError.is(home)) return <ErrorPanel title="This home could not be loaded" message={home.message} retryHref={path} />;
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
          ← All your homes
        </Link>
      }
      report={<ReportDownload address={home.property.facts.address} applicantName={applicantName} />}
      records={records}
      leads={leads}
      card={card}
    />
  );
}
