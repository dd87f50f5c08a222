import type { Messages } from "next-intl";
import type { Brand } from "@/lib/env";
import type { Formats } from ".";

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

/** A word of the `Estimate` namespace, from `useTranslations` on a page or `translator` elsewhere. */
export type EstimateWords = (key: keyof Messages["Estimate"], values?: Record<string, string | number>) => string;

/**
 * The service's disclaimer, as configured (BRAND_DISCLAIMER). The configured text is one language's; when it is the
 * default one (English), a reader of another language gets the catalogue's translation of it, and a disclaimer the
 * service configured otherwise is shown as configured in every language.
 */
export const DEFAULT_DISCLAIMER =
  "This is an automated estimate of market value, not an appraisal. Use it as a starting point, not as the price.";

export function brandDisclaimer(brand: Pick<Brand, "disclaimer">, locale: Formats["locale"], t: EstimateWords): string {
  return locale !== "en" && brand.disclaimer === DEFAULT_DISCLAIMER ? t("disclaimer") : brand.disclaimer;
}

/**
 * The branded valuation's parts in one language (its words from `t`, its figures from `f`). No catalogue is imported
 * here, so a client component builds it from the words its provider sends; lib/i18n/estimate-content.ts builds it
 * elsewhere.
 */
export function buildEstimateContent(
  { value, low, high, confidence, date, brand, compact = false }: EstimateInput,
  t: EstimateWords,
  f: Formats,
) {
  const lowConfidence = confidence < LOW_CONFIDENCE;
  const range = { low: f.usd(low), high: f.usd(high) };
  const detail = lowConfidence
    ? t("lowConfidence", { confidence })
    : compact
      ? t("range", range)
      : t("rangeConfidence", { ...range, confidence });
  return {
    title: t("title"),
    headline: lowConfidence ? `${range.low} – ${range.high}` : f.usd(value),
    detail: `${detail} · ${t("asOf", { date: f.date(date) })}`,
    attribution: { prefix: t("providedBy"), provider: brand.provider, logoUrl: brand.logoUrl },
    disclaimer: compact ? t("shortDisclaimer") : brandDisclaimer(brand, f.locale, t),
    methodology: { href: brand.methodologyUrl, text: t("methodology") },
  };
}
