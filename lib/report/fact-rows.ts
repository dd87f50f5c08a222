import type { FactField } from "@/lib/i18n/fact-words";
import type { FactWords } from "@/lib/i18n/fact-words-logged";

/**
 * The report's facts that are the records' codes, by the service's English label: the service writes them in its own
 * words ("Composition Shingle, Gable", "Joint Tenants", "Travis (FIPS 48453)"); the report says them with the
 * catalogue's words (lib/i18n/fact-words.ts), the same as the property page, in every language.
 */
const CODED: Record<string, FactField> = {
  "Property type": "propertyType",
  Construction: "construction",
  Frame: "frame",
  Foundation: "foundation",
  "Exterior walls": "walls",
  Heating: "heating",
  Cooling: "cooling",
  Floors: "floors",
  "Parking type": "parkingType",
  Water: "water",
  Sewer: "sewer",
  Vesting: "vesting",
  Porch: "porch",
  "Patio / deck": "patio",
  Fence: "fence",
  View: "view",
};

/** A fact of the report in words, by its English label; undefined for a fact that is not a code. */
export function factValue(words: FactWords, label: string, text: string): string | undefined {
  const field = CODED[label];
  if (field) return words.words(field, text);
  if (label === "Roof") {
    const [cover = "", shape = ""] = text.split(/,\s*/);
    return words.roof(cover, shape);
  }
  if (label === "County") {
    const [, name = text, fips = ""] = /^(.*?)(\s*\(FIPS \d+\))?$/.exec(text) ?? [];
    return `${words.county(name)}${fips}`;
  }
  if (label === "Quality / condition") {
    const [quality = "", condition = ""] = text.split(" / ");
    return words.say("qualityCondition", {
      quality: words.words("quality", quality),
      condition: words.words("condition", condition),
    });
  }
  if (label === "Fireplaces") {
    if (text.trim().toLowerCase() === "none") return words.say("noFireplace");
    const [, count, kind] = /^(\d+) \((.+)\)$/.exec(text) ?? [];
    return count && kind ? words.say("fireplaces", { count, kind: words.words("fireplace", kind) }) : undefined;
  }
  return undefined;
}

/** A cell of a report's table in words when it holds a code: the deed's type, an owner's kind. */
export function factCell(words: FactWords, section: string, column: string, text: string): string | undefined {
  if (section === "sales-history" && column === "Document") {
    const [, type, number] = /^(.*?)\s+(\S*\d\S*)$/.exec(text) ?? [];
    return type && number ? words.say("document", { type: words.words("deedType", type), number }) : undefined;
  }
  if (section === "ownership" && column === "Type") return words.words("ownerType", text);
  return undefined;
}
