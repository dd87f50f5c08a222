"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { EquityPanel } from "@/components/equity/equity-panel";
import { PropertyFactsList } from "@/components/property/property-facts";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import type { ApiProblem } from "@/lib/client/fetch-json";
import { useEquity, usePropertySummary, useValuation, useVerification } from "@/lib/client/use-lookup";
import type { Brand } from "@/lib/env";
import { formatOwnerName } from "@/lib/format";
import { useErrorText } from "@/lib/i18n/error-text";
import { useFormats } from "@/lib/i18n/use-formats";
import type { VerificationDto } from "@/lib/services/homes/dto";

export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Loading, failure and stale states every panel shares; each panel loads on its own. */
function Loaded<T>({
  query,
  label,
  children,
}: {
  query: {
    isPending: boolean;
    isFetching: boolean;
    error: ApiProblem | null;
    data?: T & { stale?: boolean };
    refetch: () => unknown;
  };
  label: string;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations("LookupPanels");
  const errorText = useErrorText();
  if (query.isPending || (query.error && query.isFetching))
    return (
      <div className="h-24 animate-pulse rounded-lg bg-slate-100" aria-label={t("loading", { label })} role="status" />
    );
  if (query.error) {
    return (
      <div role="alert" className="space-y-2 text-sm text-red-700">
        <p>{errorText(query.error)}</p>
        <button
          type="button"
          onClick={() => query.refetch()}
          className="rounded-lg border border-red-300 bg-white px-3 py-1 font-semibold text-red-800 hover:bg-red-50"
        >
          {t.rich("tryAgain", { label, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </button>
      </div>
    );
  }
  if (!query.data) return null;
  return (
    <>
      {query.data.stale && <p className="text-sm text-amber-800">{t("stale")}</p>}
      {children(query.data)}
    </>
  );
}

/** "John & Mary Smith" → first names "John & Mary", last name "Smith". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return { firstName: words.slice(0, -1).join(" ") || words[0] || "", lastName: words.length > 1 ? words.at(-1)! : "" };
}

export function VerificationPanel({ address, applicant }: { address: string; applicant: string }) {
  const t = useTranslations("LookupPanels");
  const { firstName, lastName } = splitName(applicant);
  const query = useVerification(address, { firstName, lastName, name: applicant });
  if (!lastName) return <p className="text-sm text-slate-700">{t("needName")}</p>;
  return (
    <Loaded query={query} label={t("labelVerification")}>
      {(v) => <VerificationAnswer v={v} applicant={applicant} />}
    </Loaded>
  );
}

export function ValuationPanel({ address, brand }: { address: string; brand: Brand }) {
  const t = useTranslations("LookupPanels");
  const query = useValuation(address);
  return (
    <Loaded query={query} label={t("labelValuation")}>
      {(v) => (
        <ServiceEstimate
          value={v.value}
          low={v.low}
          high={v.high}
          confidence={v.confidence}
          date={v.eventDate}
          brand={brand}
          id="lookup-estimate"
        />
      )}
    </Loaded>
  );
}

export function EquityLookupPanel({ address }: { address: string }) {
  const t = useTranslations("LookupPanels");
  const query = useEquity(address);
  return (
    <Loaded query={query} label={t("labelEquity")}>
      {(e) => <EquityPanel equity={e} orgMaxLtv={e.maxLtv} viewer="officer" />}
    </Loaded>
  );
}

export function SummaryPanel({ address }: { address: string }) {
  const t = useTranslations("LookupPanels");
  const query = usePropertySummary(address);
  return (
    <Loaded query={query} label={t("labelFacts")}>
      {(facts) => <PropertyFactsList facts={facts} />}
    </Loaded>
  );
}

/** The service's answer about an applicant: the deed's owners as a person writes them ("John O. Fitzgerald III"). */
export function VerificationAnswer({ v, applicant }: { v: VerificationDto; applicant: string }) {
  const t = useTranslations("LookupPanels");
  const f = useFormats();
  return (
    <div className="space-y-3 text-sm">
      <p
        className={`text-lg font-semibold ${v.isVerified ? "text-brand-700" : "text-red-700"}`}
        data-testid="verification-result"
      >
        {v.isVerified ? t("verified", { applicant }) : t("notVerified", { applicant })}
      </p>
      <div>
        <label htmlFor="match-score" className="text-slate-600">
          {t("matchScore", { score: f.percent(v.matchScore * 100, "whole") })}
        </label>
        <meter
          id="match-score"
          min={0}
          max={1}
          low={0.5}
          high={0.8}
          optimum={1}
          value={v.matchScore}
          className="block w-full"
        />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-slate-600">{t("ownerOccupied")}</dt>
          <dd className="font-medium">{v.ownerOccupied ? t("yes") : t("no")}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("corporateOwner")}</dt>
          <dd className="font-medium">{v.corporateOwner ? t("yes") : t("no")}</dd>
        </div>
      </dl>
      <div>
        <h3 className="font-medium">{t("ownersOnRecord")}</h3>
        <ul className="list-inside list-disc">
          {v.owners.map((o) => (
            <li key={`${o.lastName}-${o.firstNameAndInitial}`}>
              {formatOwnerName({ last: o.lastName, firstAndMiddle: o.firstNameAndInitial })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
