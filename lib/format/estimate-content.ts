import type { Brand } from "@/lib/env";
import { formatDate, formatUsd } from ".";

/** Below this confidence score the range leads and the point estimate steps back. */
export const LOW_CONFIDENCE = 50;

export interface EstimateInput {
  value: number;
  low: number;
  high: number;
  /** Confidence score 0–100. */
  confidence: number;
  date: string;
  brand: Brand;
  compact?: boolean;
}

/**
 * What the service's branding rule requires wherever a valuation appears: the estimate's name, the figure (or only
 * the range when confidence is low), its range and date, "Valuation provided by" the service with its logo, and the
 * disclaimer with a link to how it is made. The React component and the widget's HTML are two views of this.
 */
export function estimateContent({ value, low, high, confidence, date, brand, compact = false }: EstimateInput) {
  const lowConfidence = confidence < LOW_CONFIDENCE;
  return {
    title: "Service Estimate",
    headline: lowConfidence ? `${formatUsd(low)} – ${formatUsd(high)}` : formatUsd(value),
    detail:
      (lowConfidence
        ? `Too few similar sales for a single figure (confidence ${confidence}/100).`
        : `Range ${formatUsd(low)} – ${formatUsd(high)}${compact ? "" : ` · confidence ${confidence}/100`}`) + ` · as of ${formatDate(date)}`,
    attribution: { prefix: "Valuation provided by", provider: brand.provider, logoUrl: brand.logoUrl },
    disclaimer: compact ? "An estimate, not an appraisal." : brand.disclaimer,
    methodology: { href: brand.methodologyUrl, text: "How this estimate is made" },
  };
}
