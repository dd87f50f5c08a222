import Link from "next/link";
import type { Route } from "next";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { formatUsd } from "@/components/valuation/format";
import type { Brand } from "@/lib/env";
import type { ClaimedProperty, OwnedProperty } from "@/lib/services/owners";

/**
 * A home at a glance; `details` links to its page (not inside a partner's frame, where that page cannot open). A home
 * not yet proved to be the account's shows no equity: only what is public. `reportFor` (the applicant's name) adds the
 * report as a download.
 */
export function PropertyCard({ property, brand, details = true, reportFor }: { property: OwnedProperty | ClaimedProperty; brand: Brand; details?: boolean; reportFor?: string }) {
  const { facts } = property;
  const equity = "equity" in property ? (property as OwnedProperty).equity : undefined;
  const [street, ...rest] = facts.address.split(", ");
  const titleId = `property-${property.propertyId}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <h2 id={titleId} className="text-lg font-semibold">
          {details ? (
            <Link href={`/dashboard/properties/${property.propertyId}` as Route} className="hover:underline">
              {street}
            </Link>
          ) : (
            street
          )}
        </h2>
        <p className="text-sm text-slate-600">{rest.join(", ")}</p>
      </div>
      <ServiceEstimate {...facts.estimate} brand={brand} variant="compact" id={`estimate-${property.propertyId}`} />
      {equity ? (
        <dl data-equity className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Total equity</dt>
            <dd className="text-lg font-semibold">{formatUsd(equity.totalEquity)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Loan-to-value</dt>
            <dd className="text-lg font-semibold">{(equity.ltv * 100).toFixed(1)}%</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">Equity and loans: shown once you verify this home is yours.</p>
      )}
      {reportFor && equity && (
        // Inside a partner's frame the property page cannot open: the report comes as a file instead.
        <a
          href={`/api/property/report?${new URLSearchParams({ address: facts.address, applicant_name: reportFor, format: "pdf" })}`}
          download
          className="mt-auto text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Download the property report (PDF)<span className="sr-only"> for {street}</span>
        </a>
      )}
      {details && (
        <Link href={`/dashboard/properties/${property.propertyId}` as Route} className="mt-auto text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {equity ? "See valuation, equity and facts" : "See valuation and facts"}<span className="sr-only"> for {street}</span> →
        </Link>
      )}
    </article>
  );
}
