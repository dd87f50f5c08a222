import type { ReactNode } from "react";
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
  /** `compact` for cards: the same facts in less room. */
  variant?: "full" | "compact";
  /** A heading id, when several estimates share a page. */
  id?: string;
  /** More about this estimate (its change, condition ranges, a chart), shown inside the branded box. */
  children?: ReactNode;
}

/** Below this confidence score the range leads and the point estimate steps back. */
export const LOW_CONFIDENCE = 50;

/**
 * The only way a valuation is shown: the estimate's name, its range and date, "Valuation provided by" the service
 * with its logo, and the disclaimer with a link to how it is made. The service's branding rule requires all of it
 * wherever a value appears.
 */
export function ServiceEstimate({ value, low, high, confidence, date, brand, variant = "full", id = "service-estimate", children }: ServiceEstimateProps) {
  const lowConfidence = confidence < LOW_CONFIDENCE;
  const compact = variant === "compact";
  const Heading = compact ? "h3" : "h2";
  return (
    <section data-testid="service-estimate" aria-labelledby={`${id}-title`} className={`rounded-xl border border-brand-700/30 bg-brand-50 ${compact ? "p-3" : "p-5"}`}>
      <Heading id={`${id}-title`} className="text-xs font-semibold uppercase tracking-wide text-brand-700">
        Service Estimate
      </Heading>
      {lowConfidence ? (
        <p className={`${compact ? "text-xl" : "text-2xl"} mt-1 font-bold`}>
          {formatUsd(low)} – {formatUsd(high)}
        </p>
      ) : (
        <p className={`${compact ? "text-2xl" : "text-3xl"} mt-1 font-bold`}>{formatUsd(value)}</p>
      )}
      <p className="mt-1 text-sm text-slate-700">
        {lowConfidence
          ? `Too few similar sales for a single figure (confidence ${confidence}/100).`
          : `Range ${formatUsd(low)} – ${formatUsd(high)}${compact ? "" : ` · confidence ${confidence}/100`}`}
        {" · "}as of {formatDate(date)}
      </p>
      {children && <div className="mt-4">{children}</div>}
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-800">
        {/* eslint-disable-next-line @next/next/no-img-element -- the logo may be any configured URL */}
        <img src={brand.logoUrl} alt="" width={16} height={16} />
        <span>
          Valuation provided by <strong>{brand.provider}</strong>
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {compact ? "An estimate, not an appraisal." : brand.disclaimer}{" "}
        <a href={brand.methodologyUrl} className="underline">
          How this estimate is made
        </a>
      </p>
    </section>
  );
}
