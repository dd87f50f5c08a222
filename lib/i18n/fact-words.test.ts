import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { getDataset, type Property } from "@/lib/sandbox/dataset";
import { CATALOGUES } from "./messages";
import { asGiven, countyWord, FACT_FIELDS, factKey, type FactCatalogue, type FactField } from "./fact-words";
import { codeOfWords, factWords } from "./fact-words-logged";
import { LOCALES } from "./locales";

const dataset = getDataset();

/**
 * Where each coded fact sits in the embedded service's records: what the summary and the report carry (a new field of
 * FACT_FIELDS does not compile until it is placed here, a new code in the data fails the test below).
 */
const IN_THE_DATA: Record<FactField, (p: Property) => string[]> = {
  propertyType: (p) => [p.kind],
  construction: (p) => [p.construction.type],
  frame: (p) => [p.construction.frame],
  foundation: (p) => [p.construction.foundation],
  roofCover: (p) => [p.construction.roofCover],
  roofShape: (p) => [p.construction.roofShape],
  walls: (p) => [p.construction.wall],
  heating: (p) => [p.heating],
  cooling: (p) => [p.cooling],
  floors: (p) => [p.floors],
  fireplace: (p) => [p.fireplaceType],
  parkingType: (p) => [p.parkingType],
  quality: (p) => [p.quality],
  condition: (p) => [p.condition],
  view: (p) => [p.view],
  porch: (p) => [p.porch],
  patio: (p) => [p.patio],
  fence: (p) => [p.fence],
  water: (p) => [p.water],
  sewer: (p) => [p.sewer],
  vesting: (p) => [p.vesting],
  deedType: (p) => p.sales.map((s) => s.docType),
  ownerType: (p) => p.owners.map((o) => (o.kind === "person" ? "PERSON" : o.kind)),
};

const codesInData = (field: FactField) =>
  [...new Set(dataset.properties.flatMap((p) => IN_THE_DATA[field](p)))].filter((code) => code.trim()).sort();

type Groups = Record<string, Record<string, string> | string>;

afterEach(() => vi.restoreAllMocks());

describe("the facts' words", () => {
  it.each(LOCALES.flatMap((locale) => FACT_FIELDS.map((field) => [locale, field] as const)))(
    "%s has words for every %s code the embedded data set can return",
    (locale, field) => {
      const group = (CATALOGUES[locale].FactCodes as Groups)[field] as Record<string, string>;
      const codes = codesInData(field);
      expect(codes.length, "codes found in the data").toBeGreaterThan(0);
      expect(codes.filter((code) => !group[factKey(code)])).toEqual([]);
    },
  );

  it.each([
    ["en", "construction", "FRAME", "Frame"],
    ["es", "construction", "FRAME", "Estructura de madera"],
    ["en", "roofCover", "COMPOSITION SHINGLE", "Composition shingle"],
    ["es", "roofCover", "COMPOSITION SHINGLE", "Tejas asfálticas"],
    ["en", "cooling", "NONE", "None"],
    ["es", "cooling", "NONE", "Ninguno"],
    ["es", "heating", "BASEBOARD", "Radiadores de zócalo"],
    ["es", "floors", "HARDWOOD/TILE", "Madera y baldosas"],
    ["es", "vesting", "JOINT TENANTS", "Copropiedad con derecho de supervivencia (joint tenants)"],
    ["es", "deedType", "GENERAL WARRANTY DEED", "Escritura de garantía general"],
    ["es", "ownerType", "PERSON", "Persona física"],
  ] as const)("%s: %s %s reads %s", (locale, field, code, words) => {
    expect(factWords(locale).fact(field, code)).toBe(words);
  });

  it.each([
    ["en", "Travis County", "Travis County"],
    ["es", "Travis County", "Condado de Travis"],
    ["es", "Maricopa", "Condado de Maricopa"],
    ["es", "Orleans Parish", "Orleans Parish"],
    ["en", "", "Not available"],
  ] as const)("%s: the county %j reads %j", (locale, county, words) => {
    expect(factWords(locale).county(county)).toBe(words);
  });

  it.each([
    ["en", "COMPOSITION SHINGLE", "GABLE", "Composition shingle, gable roof"],
    ["es", "COMPOSITION SHINGLE", "GABLE", "Tejas asfálticas, techo a dos aguas"],
    ["es", "METAL", "", "Metal"],
  ] as const)("%s: the roof %s, %s reads %j", (locale, cover, shape, words) => {
    expect(factWords(locale).roof(cover, shape)).toBe(words);
  });

  it("reads the service's English words back to their code (the report is written in words)", () => {
    expect(codeOfWords("propertyType", "Single family residence")).toBe("SFR");
    expect(codeOfWords("ownerType", "Individual")).toBe("PERSON");
    expect(codeOfWords("roofCover", "Composition Shingle")).toBe("Composition Shingle");
    expect(factWords("es").words("heating", "Forced Air")).toBe("Aire forzado");
  });

  it.each([
    ["SOLAR PANEL", "Solar panel"],
    ["  geothermal  ", "Geothermal"],
    ["Ductless Mini-Split", "Ductless Mini-Split"],
  ])("shows a code it does not know as given: %j as %j", (code, shown) => {
    expect(asGiven(code)).toBe(shown);
  });

  it("shows an unknown code as given in both languages and logs it once, with its field", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const code = `SOLAR ${Date.now()}`;
    for (const locale of LOCALES) expect(factWords(locale).fact("heating", code)).toBe(asGiven(code));
    factWords("en").fact("heating", code);
    const logged = warn.mock.calls.filter(([fields]) => (fields as { code?: string }).code === code);
    expect(logged).toEqual([[{ field: "heating", code }, expect.stringContaining("shown as given")]]);
    // The same code of another fact is another line.
    factWords("en").fact("cooling", code);
    expect(warn.mock.calls.filter(([fields]) => (fields as { code?: string }).code === code)).toHaveLength(2);
  });

  it("says a missing code is not available rather than showing nothing", () => {
    const say = Object.assign((key: string) => key, { has: () => false }) as FactCatalogue;
    expect(countyWord(say, " ")).toBe("notAvailable");
    expect(factWords("es").fact("heating", "")).toBe("No disponible");
  });
});
