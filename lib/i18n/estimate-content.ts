import { formatsFor } from "@/lib/format";
import { buildEstimateContent, type EstimateInput as CoreInput, type EstimateWords } from "@/lib/format/estimate-core";
import type { Locale } from "./locales";
import { translator } from "./messages";

export { brandDisclaimer, LOW_CONFIDENCE } from "@/lib/format/estimate-core";

export interface EstimateInput extends CoreInput {
  /** The reader's language (English unless told). */
  locale?: Locale;
}

/**
 * What the service's branding rule requires wherever a valuation appears, in the reader's language: the estimate's
 * name, the figure (or only the range when confidence is low), its range and date, "Valuation provided by" the service
 * with its logo, and the disclaimer with a link to how it is made. The React component (with the words its page sends)
 * and the widget's, the report's and the digest's HTML are views of the same parts (lib/format/estimate-core.ts). It
 * lives in lib/i18n, a floor above lib/format, because it reads its words from the catalogues.
 */
export function estimateContent({ locale = "en", ...input }: EstimateInput) {
  const t = translator(locale, "Estimate");
  const words: EstimateWords = (key, values) => t(key, values);
  return buildEstimateContent(input, words, formatsFor(locale));
}
