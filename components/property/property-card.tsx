import Link from "next/link";
import type { Route } from "next";
import { useTranslations } from "next-intl";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { ReportLink } from "@/components/report/report-link";
import { useFormats } from "@/lib/i18n/use-formats";
import type { Brand } from "@/lib/env";
import type { OwnedProperty } from "@/lib/services/homes/dto";
import type { ClaimedProperty } from "@/lib/services/homes/owners";

/**
 * A home at a glance, linking to its page under `detailsBase` (the app's, or the partner frame's). A home not yet
 * proved to be the account's shows no equity: only what is public. `reportFor` (the applicant's name) adds the report
 * as a download.
 */
export function PropertyCard({
  property,
  brand,
  detailsBase = "/dashboard/properties",
  reportFor,
  headingLevel = 2,
}: {
  property: OwnedProperty | ClaimedProperty;
  brand: Brand;
  detailsBase?: string;
  reportFor?: string;
  /** 3 when the cards sit under a section's heading. */
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations("PropertyCard");
  const f = useFormats();
  const Heading = `h${headingLevel}` as const;
  const { facts } = property;
  const equity = "equity" in property ? (property as OwnedProperty).equity : undefined;
  const [street, ...rest] = facts.address.split(", ");
  const titleId = `property-${property.propertyId}`;
  const details = `${detailsBase}/${property.propertyId}` as Route;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <Heading id={titleId} className="text-lg font-semibold">
          <Link href={details} className="hover:underline">
            {street}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">{rest.join(", ")}</p>
      </div>
      <ServiceEstimate {...facts.estimate} brand={brand} variant="compact" id={`estimate-${property.propertyId}`} />
      {equity ? (
        <dl data-equity className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">{t("totalEquity")}</dt>
            <dd className="text-lg font-semibold">{f.usd(equity.totalEquity)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("ltv")}</dt>
            <dd className="text-lg font-semibold">{f.percent(equity.ltv * 100, "ltv")}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{t("equityLater")}</p>
      )}
      <div className="mt-auto flex flex-wrap gap-x-6 gap-y-2">
        <Link href={details} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {equity ? t("seeAll") : t("seeSome")}
          <span className="sr-only"> {t("forStreet", { street: street ?? "" })}</span> →
        </Link>
        {reportFor && equity && (
          <ReportLink address={facts.address} applicantName={reportFor} label={t("downloadReport")} />
        )}
      </div>
    </article>
  );
}
