import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { LoadError } from "@/components/property/load-error";
import type { Brand } from "@/lib/env";
import { AppError } from "@/lib/services/errors";
import type { HomeRecordsDto } from "@/lib/services/homes/records-dto";
import { ComparablesSection } from "./comparables-section";
import { LoansSection } from "./loans-section";
import { ValueHistorySection } from "./value-history-section";

export interface HomeRecordsProps {
  /** The records, still loading: the estimate and the facts paint first, these stream in after. */
  records: Promise<HomeRecordsDto | AppError>;
  brand: Brand;
  /** The home's living area and its estimate on the page (value and confidence), for when the report lacks them. */
  home: { livingSqft: number; estimate?: { value: number; confidence: number } };
  retryHref: string;
}

/** The three sections, their titles in the `Records` namespace. */
const SECTIONS = [
  { id: "value-history", title: "valueOverTime" },
  { id: "comparables", title: "whyWorth" },
  { id: "loans", title: "owe" },
] as const;

function Shell({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** While the report loads: the three sections' frames at their final size, so nothing jumps when they arrive. */
function RecordsSkeleton() {
  const t = useTranslations("Records");
  return (
    <>
      {SECTIONS.map((s) => (
        <Shell key={s.id} id={s.id} title={t(s.title)}>
          <p className="sr-only">{t("loading")}</p>
          <div
            aria-hidden="true"
            className={`animate-pulse rounded-lg bg-slate-100 ${s.id === "loans" ? "h-24" : "h-64"}`}
          />
        </Shell>
      ))}
    </>
  );
}

async function RecordsContent({ records: pending, brand, home, retryHref }: HomeRecordsProps) {
  const [records, t] = await Promise.all([pending, getTranslations("Records")]);
  if (AppError.is(records)) {
    return (
      <>
        {SECTIONS.map((s) => (
          <Shell key={s.id} id={s.id} title={t(s.title)}>
            <LoadError title={t("loadFailed")} error={records} retryHref={retryHref} nested />
          </Shell>
        ))}
      </>
    );
  }
  const livingSqft = records.livingSqft ?? home.livingSqft;
  const estimate = records.estimates.at(-1)?.value ?? home.estimate?.value;
  return (
    <>
      {records.stale && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("stale")}</p>}
      <Shell id="value-history" title={t("valueOverTime")}>
        <ValueHistorySection records={records} brand={brand} confidence={home.estimate?.confidence} />
      </Shell>
      <Shell id="comparables" title={t("whyWorth")}>
        <ComparablesSection
          comparables={records.comparables}
          home={livingSqft && estimate ? { sqft: livingSqft, price: estimate } : undefined}
        />
      </Shell>
      <Shell id="loans" title={t("owe")}>
        <LoansSection loans={records.loans} />
      </Shell>
    </>
  );
}

/**
 * A proved owner's records of their home, from the property report: its value over time, the comparable sales behind
 * the estimate, and the loans on record. Streams in after the rest of the page; a failure stays inside these sections.
 */
export function HomeRecords(props: HomeRecordsProps) {
  return (
    <Suspense fallback={<RecordsSkeleton />}>
      <RecordsContent {...props} />
    </Suspense>
  );
}
