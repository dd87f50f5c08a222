import type { Brand } from "@/lib/env";
import { formatDate, formatUsd } from "./format";

export interface ServiceEstimateProps {
  value: number;
  low: number;
  high: number;
  /** Confidence score 0–100. */
  confidence: number;
  date: string;
  brand: Brand;
}

/** Below this confidence score the range leads and the point estimate steps back. */
export const LOW_CONFIDENCE = 50;

/**
 * The only way a valuation is shown: the estimate's name, its range and date, "Valuation provided by" the service
 * with its logo, and the disclaimer. The service's branding rule requires all of it wherever a value appears.
 */
export function ServiceEstimate({ value, low, high, confidence, date, brand }: ServiceEstimateProps) {
  const lowConfidence = confidence < LOW_CONFIDENCE;
  return (
    <section data-testid="service-estimate" aria-labelledby="service-estimate-title" className="rounded-xl border border-brand-700/30 bg-brand-50 p-5">
      <h2 id="service-estimate-title" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        Service Estimate
      </h2>
      {lowConfidence ? (
        <p className="mt-1 text-2xl font-bold">
          {formatUsd(low)} – {formatUsd(high)}
        </p>
      ) : (
        <p className="mt-1 text-3xl font-bold">{formatUsd(value)}</p>
      )}
      <p className="mt-1 text-sm text-slate-700">
        {lowConfidence ? `Too few similar sales for a single figure (confidence ${confidence}/100).` : `Range ${formatUsd(low)} – ${formatUsd(high)} · confidence ${confidence}/100`}
        {" · "}as of {formatDate(date)}
      </p>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-800">
        {/* eslint-disable-next-line @next/next/no-img-element -- the logo may be any configured URL */}
        <img src={brand.logoUrl} alt="" width={20} height={20} />
        <span>
          Valuation provided by <strong>{brand.provider}</strong>
        </span>
      </p>
      <p className="mt-2 text-xs text-slate-600">
        {brand.disclaimer}{" "}
        <a href={brand.methodologyUrl} className="underline">
          How this estimate is made
        </a>
      </p>
    </section>
  );
}
