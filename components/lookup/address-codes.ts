import { useTranslations } from "next-intl";
import { FOOTNOTES } from "@/lib/services/homes/codes";

/**
 * A footnote's letter from the words lib/services/homes/codes.ts gives it (the DTO carries the words, not the letters).
 */
const LETTER_OF = new Map(Object.entries(FOOTNOTES).map(([letter, words]) => [words, letter]));

/**
 * The address service's codes in the reader's words (the `AddressCodes` namespace): the delivery point's meaning by its
 * code, each correction and problem by its footnote's letter; a code the catalogue does not know keeps the service's
 * words.
 */
export function useAddressCodes() {
  const t = useTranslations("AddressCodes");
  return {
    meaning: (deliverability: { code: string; meaning: string }) =>
      t("dpv", { code: deliverability.code || "none", fallback: deliverability.meaning }),
    footnote: (words: string) => t("footnote", { letter: LETTER_OF.get(words) ?? "unknown", fallback: words }),
  };
}
