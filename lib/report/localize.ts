import { formatsFor, type Formats } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { CATALOGUES, translator } from "@/lib/i18n/messages";

/**
 * The service writes its report in English (its section titles, labels, columns, notes and words such as "Yes" or
 * "Not available") and its figures as "$412,000", "78.4%", "1,850 sq ft". For a reader of another language the app
 * says them again in that language: the words the catalogue knows (ReportDoc.service, found by their English), the
 * figures through the locale's formats. What the catalogue does not know (the records' own words: "Tile", "Gable",
 * a lender's name) stays as the service wrote it.
 */
export interface ReportWords {
  locale: Locale;
  f: Formats;
  /** A label, title, column, note or value in the reader's language (as it was when unknown). */
  word(text: string): string;
  /**
   * The figures inside a value, written the reader's way ("$412,000 on 2025-06-14" → "412.000 US$ el 14 de junio de
   * 2025").
   */
  figures(text: string): string;
}

type Words = Record<string, string>;
const english = CATALOGUES.en.ReportDoc.service as Words;
/** Each English word of the service to its catalogue key. */
const KEYS = new Map(Object.entries(english).map(([key, text]) => [text, key]));

const ISO_DAY = /(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/g;
const MONEY = /(-?)\$(-?)(\d[\d,]*(?:\.\d+)?)/g;
const PERCENT = /(-?\d+(?:\.\d+)?)%/g;
const MILES = /(\d+(?:\.\d+)?) mi\b/g;
const plain = (digits: string) => Number(digits.replace(/,/g, ""));

export function reportWords(locale: Locale): ReportWords {
  const f = formatsFor(locale);
  const t = translator(locale, "ReportDoc");
  // Counts and areas in the property page's words, with its ICU plurals: "1 medio", "2 medios".
  const facts = translator(locale, "PropertyFacts");
  const translated = CATALOGUES[locale].ReportDoc.service as Words;
  const figures = (text: string) =>
    text
      .replace(ISO_DAY, (day) => f.date(day))
      .replace(MONEY, (_, a: string, b: string, digits: string) => f.usd((a || b ? -1 : 1) * plain(digits)))
      .replace(PERCENT, (_, n: string) => f.percent(Number(n), n.includes(".") ? "ltv" : "whole"))
      .replace(MILES, (_, n: string) => `${f.number(Number(n), 2)} mi`);
  const patterns: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^(\d[\d,]*) full, (\d[\d,]*) half$/, (m) => facts("bathsHalf", { full: plain(m[1]!), half: plain(m[2]!) })],
    [/^(\d[\d,]*) full$/, (m) => facts("baths", { full: plain(m[1]!) })],
    [/^(\d[\d,]*) garage spaces?$/, (m) => facts("garage", { count: plain(m[1]!) })],
    [
      /^(\d[\d,]*) sq ft \((\d+(?:\.\d+)?) acres\)$/,
      (m) => facts("lot", { sqft: f.count(plain(m[1]!)), acres: f.number(Number(m[2]), 2) }),
    ],
    [/^(\d[\d,]*) sq ft$/, (m) => facts("area", { sqft: f.count(plain(m[1]!)) })],
    [/^(.+) on (\d{4}-\d{2}-\d{2})$/, (m) => t("lastSaleValue", { amount: figures(m[1]!), date: f.date(m[2]!) })],
    [
      /^Available equity at (\d+(?:\.\d+)?)% LTV$/,
      (m) => t("availableEquityAt", { ltv: f.percent(Number(m[1]), "whole") }),
    ],
  ];
  const word = (text: string) => {
    const key = KEYS.get(text);
    if (key && translated[key]) return translated[key];
    for (const [pattern, say] of patterns) {
      const m = pattern.exec(text);
      if (m) return say(m);
    }
    return figures(text);
  };
  return { locale, f, word, figures };
}
