import { formatsFor } from ".";
import { translator } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { buildEstimateContent, type EstimateInput as CoreInput, type EstimateWords } from "./estimate-core";

export { brandDisclaimer, LOW_CONFIDENCE } from "./estimate-core";

export interface EstimateInput extends CoreInput {
  /** The reader's language (English unless told). */
  locale?: Locale;
}

/**
 * What the service's branding rule requires wherever a valuation appears, in the reader's language: the estimate's
 * name, the figure (or only the range when confidence is low), its range and date, "Valuation provided by" the
 * service with its logo, and the disclaimer with a link to how it is made. The React component (with the words its
 * page sends) and the widget's, the report's and the digest's HTML are views of the same parts (estimate-core.ts).
 */
export function estimateContent({ locale = "en", ...input }: EstimateInput) {
  const t = translator(locale, "Estimate");
  const words: EstimateWords = (key, values) => t(key, values);
  return buildEstimateContent(input, words, formatsFor(locale));
}
