import type { Formats } from "@/lib/format";
import { countyWord, factKey, factWord, roofWord, type FactCatalogue, type OnUnknownFact } from "./fact-words";

/** What the words are made of: the app's facts of a home (lib/services/homes/dto.ts `PropertyFacts` is one). */
export interface FactsOfAHome {
  propertyType: string;
  display: { propertyType: string };
  yearBuilt: number;
  livingSqft: number;
  lotSqft: number;
  bedrooms: number | null;
  bathsFull: number;
  bathsTotal: number;
  stories: number;
  garageSpaces: number;
  construction: string;
  roof: string;
  roofShape?: string;
  heating: string;
  cooling: string;
  county: string;
  lastSale: { date: string; amount: number };
}

/** The `PropertyFacts` namespace's translator, loosely typed (the page's and the widget's are typed apart). */
export type FactsCatalogue = (key: string, values?: Record<string, string | number>) => string;

/**
 * A home's facts as a person reads them, in one language: the property page (components/property/property-facts.tsx)
 * and the widget's report (app/api/widget/report/report-html.ts) show these same words. Counts take the catalogue's
 * ICU plurals ("1 medio", "2 medios"); codes go through the `FactCodes` words (lib/i18n/fact-words.ts).
 */
export function factTexts(
  facts: FactsOfAHome,
  t: FactsCatalogue,
  codes: FactCatalogue,
  f: Formats,
  onUnknown?: OnUnknownFact,
) {
  const halfBaths = Math.max(0, facts.bathsTotal - facts.bathsFull);
  return {
    propertyType: propertyType(facts, codes, onUnknown),
    yearBuilt: String(facts.yearBuilt),
    livingArea: t("area", { sqft: f.count(facts.livingSqft) }),
    lot: t("lot", { sqft: f.count(facts.lotSqft), acres: f.number(facts.lotSqft / 43_560, 2) }),
    bedrooms: facts.bedrooms === null ? t("notAvailable") : f.count(facts.bedrooms),
    bathrooms:
      halfBaths > 0
        ? t("bathsHalf", { full: facts.bathsFull, half: halfBaths })
        : t("baths", { full: facts.bathsFull }),
    stories: f.count(facts.stories),
    parking: t("garage", { count: Math.max(0, facts.garageSpaces) }),
    construction: factWord(codes, "construction", facts.construction, onUnknown),
    roof: roofWord(codes, facts.roof, facts.roofShape ?? "", onUnknown),
    heating: factWord(codes, "heating", facts.heating, onUnknown),
    cooling: factWord(codes, "cooling", facts.cooling, onUnknown),
    county: countyWord(codes, facts.county),
    lastSale: t("lastSaleValue", { amount: f.usd(facts.lastSale.amount), date: f.date(facts.lastSale.date) }),
  };
}
export type FactTexts = ReturnType<typeof factTexts>;

/** The type in words; for a type the catalogue does not know, the service's own label of it (its `propclass`). */
function propertyType(facts: FactsOfAHome, codes: FactCatalogue, onUnknown?: OnUnknownFact): string {
  if (codes.has(`propertyType.${factKey(facts.propertyType)}`))
    return factWord(codes, "propertyType", facts.propertyType);
  if (facts.propertyType.trim()) onUnknown?.("propertyType", facts.propertyType.trim());
  return facts.display.propertyType;
}
