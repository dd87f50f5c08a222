import { log } from "@/lib/log";
import {
  countyWord,
  factKey,
  factWord,
  roofWord,
  type FactCatalogue,
  type FactField,
  type OnUnknownFact,
} from "./fact-words";
import type { Locale } from "./locales";
import { CATALOGUES, translator } from "./messages";

// Not `server-only`: the embedded service renders its report with these words outside Next.js too. Never imported by a
// client component (the log is Node's): pages read ./fact-words.ts and the server logs what they show
// (lib/services/homes).

const warned = new Set<string>();

/** A code the catalogue has no words for: logged once per process and code, with its field. */
export const warnUnknownFact: OnUnknownFact = (field, code) => {
  const key = `${field}:${code}`;
  if (warned.has(key)) return;
  warned.add(key);
  log.warn({ field, code }, "facts: a code the catalogue has no words for is shown as given");
};

type Groups = Record<string, Record<string, string> | string>;
const english = CATALOGUES.en.FactCodes as Groups;
const group = (field: FactField) => english[field] as Record<string, string>;

/** Whether the catalogue has words for a code (every language has the same keys: lib/i18n/catalogues.test.ts). */
export const knowsFact = (field: FactField, code: string) => factKey(code) in group(field);

/**
 * The code behind the service's English words for a fact, for the report, which the service writes in words: "Composition
 * Shingle" is "COMPOSITION SHINGLE", "Single family residence" is "SFR". Words that are neither are their own code.
 */
export function codeOfWords(field: FactField, text: string): string {
  if (knowsFact(field, text)) return text;
  const wanted = text.trim().toLowerCase();
  return Object.entries(group(field)).find(([, words]) => words.toLowerCase() === wanted)?.[0] ?? text;
}

/** The facts' words in a language, a code the catalogue does not know logged once (warnUnknownFact). */
export function factWords(locale: Locale) {
  const say = translator(locale, "FactCodes") as unknown as FactCatalogue;
  return {
    say,
    fact: (field: FactField, code: string) => factWord(say, field, code, warnUnknownFact),
    /** The service's English words for a fact, said again in the language (in English, the catalogue's words). */
    words: (field: FactField, text: string) => factWord(say, field, codeOfWords(field, text), warnUnknownFact),
    roof: (cover: string, shape: string) => roofWord(say, cover, shape, warnUnknownFact),
    county: (county: string) => countyWord(say, county),
  };
}
export type FactWords = ReturnType<typeof factWords>;

/** Logs, once each, the codes of a home's facts the catalogue has no words for (what the pages will show as given). */
export function noteUnknownFacts(codes: [FactField, string][]): void {
  for (const [field, code] of codes) if (factKey(code) && !knowsFact(field, code)) warnUnknownFact(field, code.trim());
}
