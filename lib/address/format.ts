import type { AddressParts, StreetParts } from "./parse";

/** The street line in upper case, as USPS writes it: "2800 N 24TH ST APT 5". */
export function streetLine(parts: StreetParts, { unit = true } = {}): string {
  const words: string[] = [];
  if (parts.kind === "po-box") return `PO BOX ${parts.number}`.trim();
  if (parts.kind === "rural-route") return `${parts.name} ${parts.number}${parts.box ? ` BOX ${parts.box}` : ""}`;
  words.push(parts.number, parts.preDirectional, parts.name, parts.suffix, parts.postDirectional);
  if (unit && parts.unitType) words.push(parts.unitType, parts.unitNumber);
  return words.filter(Boolean).join(" ");
}

/** The street name part without the house number or unit: "N 24TH ST". */
export function formattedStreetName(parts: StreetParts): string {
  return [parts.preDirectional, parts.name, parts.suffix, parts.postDirectional].filter(Boolean).join(" ");
}

const KEEP_UPPER = new Set(["N", "S", "E", "W", "NE", "NW", "SE", "SW", "PO", "RR", "HC", "US", "FM", "SR", "CR", "#"]);

function displayWord(word: string): string {
  if (KEEP_UPPER.has(word)) return word;
  // Numbers and ordinals: "24TH" → "24th"; "12A" and a grid number, "W156N8480", stay.
  if (/\d/.test(word)) return /^\d+(ST|ND|RD|TH)$/.test(word) ? word.toLowerCase() : word;
  return word
    .toLowerCase()
    .replace(/(^|[-/])([a-z])/g, (_, sep: string, letter: string) => sep + letter.toUpperCase())
    .replace(/^Mc([a-z])/, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

/** Mixed case for people, the way the spec's example writes it: "2800 N 24TH ST" → "2800 N 24th St". */
export function displayCase(text: string): string {
  return text.split(" ").map(displayWord).join(" ");
}

/** The whole address as one upper-case line without ZIP+4: the key every spelling of one address shares. */
export function addressKey(parts: AddressParts): string {
  return `${streetLine(parts)}, ${parts.city}, ${parts.state} ${parts.zip}`.trim();
}

/** The whole address for people: "2800 N 24th St, Phoenix, AZ 85008". */
export function oneLine(parts: AddressParts): string {
  const zip = parts.zip4 ? `${parts.zip}-${parts.zip4}` : parts.zip;
  return `${displayCase(streetLine(parts))}, ${displayCase(parts.city)}, ${parts.state} ${zip}`.trim();
}

/** A standardized key written for people: "2800 N 24TH ST, PHOENIX, AZ 85008" → "2800 N 24th St, Phoenix, AZ 85008". */
export function displayKey(key: string): string {
  const [street = "", city = "", stateZip = ""] = key.split(", ");
  return [displayCase(street), displayCase(city), stateZip].filter(Boolean).join(", ");
}
