/**
 * The Property Data Service's coded facts ("FRAME", "COMPOSITION SHINGLE", "JOINT TENANTS", "Travis County") in words,
 * in the reader's language, from one place: the catalogue's `FactCodes` namespace. The page, the report (PDF and HTML)
 * and the widget's report all read them through here, so a fact reads the same everywhere. Pure: it takes the
 * namespace's translator (next-intl's on a page, `translator(locale, "FactCodes")` elsewhere), so
 * that a client component can use it without the catalogues; the server's reading, which logs a code the catalogue
 * does not know, is ./fact-words-server.ts.
 */

/** The coded facts, each a group of `FactCodes` holding its codes. */
export const FACT_FIELDS = [
  "propertyType",
  "construction",
  "frame",
  "foundation",
  "roofCover",
  "roofShape",
  "walls",
  "heating",
  "cooling",
  "floors",
  "fireplace",
  "parkingType",
  "quality",
  "condition",
  "view",
  "porch",
  "patio",
  "fence",
  "water",
  "sewer",
  "vesting",
  "deedType",
  "ownerType",
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

/** The `FactCodes` namespace's translator, as loosely typed as its keys are built (the codes come from the service). */
export interface FactCatalogue {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** Called with a code the catalogue does not know (the server logs it once). */
export type OnUnknownFact = (field: FactField, code: string) => void;

/** A code's key in its group: upper case, each run of other characters one "_" ("HARDWOOD/TILE" → "HARDWOOD_TILE"). */
export const factKey = (code: string) =>
  code
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

/**
 * A code the catalogue does not know, shown as given: trimmed, and in sentence case when it is all capitals or all
 * lower case ("SOLAR PANEL" → "Solar panel"), as the catalogue writes its words; a mixed-case word stays as it is.
 */
export function asGiven(code: string): string {
  const text = code.trim().replace(/\s+/g, " ");
  if (text !== text.toUpperCase() && text !== text.toLowerCase()) return text;
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/**
 * A coded fact in words: the catalogue's, else the code as given (and `onUnknown` told). An empty code is "Not
 * available": the records do not say.
 */
export function factWord(say: FactCatalogue, field: FactField, code: string, onUnknown?: OnUnknownFact): string {
  const key = factKey(code);
  if (!key) return say("notAvailable");
  if (say.has(`${field}.${key}`)) return say(`${field}.${key}`);
  onUnknown?.(field, code.trim());
  return asGiven(code);
}

/** The roof as people say it: its cover and, when the records give it, its shape ("Composition shingle, gable roof"). */
export function roofWord(say: FactCatalogue, cover: string, shape: string, onUnknown?: OnUnknownFact): string {
  const coverWord = factWord(say, "roofCover", cover, onUnknown);
  if (!factKey(shape)) return coverWord;
  const shapeWord = factKey(shape) && say.has(`roofShape.${factKey(shape)}`) ? say(`roofShape.${factKey(shape)}`) : "";
  if (!shapeWord) onUnknown?.("roofShape", shape.trim());
  return say("roof", { cover: coverWord, shape: shapeWord || shape.trim().toLowerCase() });
}

/**
 * The county as people write it: "Travis County" / "Condado de Travis", from the summary's "Travis County" or the
 * normalization's "Travis". A parish, a borough or any other name stays as given.
 */
export function countyWord(say: FactCatalogue, county: string): string {
  const text = county.trim();
  if (!text) return say("notAvailable");
  const name = /^(.+?)\s+county$/i.exec(text)?.[1] ?? (/\b(parish|borough|city|census area)$/i.test(text) ? "" : text);
  return name ? say("county", { name }) : text;
}
