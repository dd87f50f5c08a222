import {
  addressKey,
  citiesOf,
  displayCase,
  isCity,
  readAddress,
  streetLine,
  tokenize,
  zipCode,
  zipsOfCity,
  zipTableOptions,
  type AddressParts,
  type ZipCode,
} from "@/lib/address";
import { buildingKey, streetKey, type IndexedDataset, type Property, type StreetName } from "./dataset";
import { distance as editDistance } from "fastest-levenshtein";
import { SUFFIXES } from "@/lib/address/tables";

export type DpvCode = "Y" | "S" | "D" | "N" | "";

/** What the service makes of an address: its standard form, the property it names, and how sure it is. */
export interface Resolution {
  parts: AddressParts;
  zip: ZipCode | undefined;
  property: Property | undefined;
  dpvMatchCode: DpvCode;
  dpvFootnotes: string;
  /** Footnote letters (A ZIP corrected, B city/state fixed, …), each written `X#` in answers. */
  footnotes: string[];
  /** Why the address could not be standardized at all. */
  error?: string;
}

/** Spelling slack allowed for a name of this length: none for short names, where one letter is another name. */
const slack = (name: string) => (name.length >= 8 ? 2 : name.length >= 5 ? 1 : 0);

function closestCity(city: string, state: string): string | undefined {
  let best: string | undefined;
  let bestDistance = slack(city) + 1;
  for (const candidate of citiesOf(state)) {
    const distance = editDistance(city, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/**
 * Checks city, state and ZIP against each other, correcting what the ZIP table shows to be wrong. A ZIP code is never
 * made up: it is the one given, or the one of the street that matches in the city, or the city's only one.
 */
function settleCityStateZip(
  dataset: IndexedDataset,
  parts: AddressParts,
  footnotes: Set<string>,
): { zip: ZipCode } | { error: string } {
  const given = { city: parts.city, state: parts.state, zip: parts.zip };
  const zip = parts.zip ? zipCode(parts.zip) : undefined;
  const state = parts.state || zip?.state || "";
  let city = parts.city;
  if (city && state && !isCity(city, state)) city = closestCity(city, state) ?? city;

  const cityZips = city && state ? zipsOfCity(city, state) : [];
  const candidates = [...(zip ? [zip] : []), ...cityZips.filter((z) => z !== zip)];
  const trials = new Map<ZipCode, AddressParts>();
  const trialOf = (candidate: ZipCode) => {
    let trial = trials.get(candidate);
    if (!trial) {
      trial = { ...parts, city: candidate.city.toUpperCase(), state: candidate.state, zip: candidate.zip };
      settleStreet(dataset, trial, new Set());
      trials.set(candidate, trial);
    }
    return trial;
  };
  const existsIn = (candidate: ZipCode) => {
    const trial = trialOf(candidate);
    return dataset.byKey.has(addressKey(trial)) || dataset.buildings.has(buildingKey(trial));
  };
  const streetIn = (candidate: ZipCode) => dataset.streets.has(streetKey(trialOf(candidate)));
  // Trust the pairing under which the address exists; else the one whose street exists; else the ZIP as given.
  // Only ZIP codes with streets in the data set can hold either, and a city has dozens of others.
  const searchable = candidates.filter((candidate) => dataset.streetsByZip.has(candidate.zip));
  const chosen =
    searchable.find(existsIn) ?? searchable.find(streetIn) ?? zip ?? (cityZips.length === 1 ? cityZips[0] : undefined);
  if (!chosen) {
    if (given.zip) return { error: `ZIP code ${given.zip} is not a US ZIP code` };
    if (!cityZips.length)
      return { error: `the city "${given.city}" is not one we know in ${state}, and no ZIP code was given` };
    return {
      error: `no ZIP code was given, and the street was not found in ${displayCase(city)}, ${state}: add the ZIP code`,
    };
  }

  Object.assign(parts, { city: chosen.city.toUpperCase(), state: chosen.state, zip: chosen.zip });
  if (given.zip && given.zip !== chosen.zip) footnotes.add("A");
  if ((given.city && given.city !== parts.city) || (given.state && given.state !== parts.state)) footnotes.add("B");
  return { zip: chosen };
}

const suffixesNear = new Map<string, string[]>();
/** The suffixes a word is one edit from; remembered, since a batch asks again for every address and every ZIP tried. */
function suffixesNearWord(word: string): string[] {
  let near = suffixesNear.get(word);
  if (!near) {
    near = [
      ...new Set([...SUFFIXES].filter(([spelling]) => editDistance(spelling, word) <= 1).map(([, suffix]) => suffix)),
    ];
    if (suffixesNear.size >= 10_000) suffixesNear.clear();
    suffixesNear.set(word, near);
  }
  return near;
}

/** "24TH STRET": the last word of a name without suffix may be a misspelt suffix ("STREET" → ST). */
function misspeltSuffixes(parts: AddressParts): Pick<AddressParts, "name" | "suffix">[] {
  const words = parts.name.split(" ");
  const last = words.at(-1)!;
  if (parts.suffix || words.length < 2 || last.length < 4) return [];
  const name = words.slice(0, -1).join(" ");
  return suffixesNearWord(last).map((suffix) => ({ name, suffix }));
}

/**
 * A street the ZIP does not know as written may be one it knows with a typo (in its name or its suffix), or without
 * its directional or suffix: take it when exactly one street of the ZIP fits.
 */
function settleStreet(dataset: IndexedDataset, parts: AddressParts, footnotes: Set<string>): void {
  if (parts.kind !== "street" || dataset.streets.has(streetKey(parts))) return;
  const streets = dataset.streetsByZip.get(parts.zip) ?? [];
  // The edit distance last, and only between names whose lengths allow it: it is the one comparison that costs.
  const near = (name: string, typed: string) =>
    Math.abs(name.length - typed.length) <= slack(typed) && editDistance(name, typed) <= slack(typed);
  const fits = (typed: Pick<AddressParts, "name" | "suffix">, street: StreetName, exactName: boolean) =>
    (!typed.suffix || street.suffix === typed.suffix) &&
    (!parts.preDirectional || street.preDirectional === parts.preDirectional) &&
    (!parts.postDirectional || street.postDirectional === parts.postDirectional) &&
    (exactName ? street.name === typed.name : near(street.name, typed.name));
  const asTyped = { name: parts.name, suffix: parts.suffix };
  for (const [typed, exact] of [
    [asTyped, true],
    [asTyped, false],
    ...misspeltSuffixes(parts).flatMap(
      (variant) =>
        [
          [variant, true],
          [variant, false],
        ] as const,
    ),
  ] as const) {
    const matches = streets.filter((street) => fits(typed, street, exact));
    if (matches.length !== 1) continue;
    Object.assign(parts, matches[0]);
    footnotes.add(exact && typed === asTyped ? "L" : "M");
    return;
  }
}

function deliveryPoint(
  dataset: IndexedDataset,
  parts: AddressParts,
  footnotes: Set<string>,
): Pick<Resolution, "property" | "dpvMatchCode" | "dpvFootnotes"> {
  const none = (dpvFootnotes: string) => ({ property: undefined, dpvMatchCode: "N" as const, dpvFootnotes });
  if (parts.kind === "po-box") return none(parts.number ? "AAM3" : "AAP1");
  if (!parts.number) {
    footnotes.add("F");
    return none("AAM1");
  }
  const exact = dataset.byKey.get(addressKey(parts));
  if (exact) return { property: exact, dpvMatchCode: "Y", dpvFootnotes: "AABB" };

  const units = dataset.buildings.get(buildingKey(parts));
  if (units) {
    if (!parts.unitType) {
      footnotes.add("H");
      return { property: undefined, dpvMatchCode: "D", dpvFootnotes: "AAN1" };
    }
    footnotes.add("S");
    return { property: undefined, dpvMatchCode: "S", dpvFootnotes: "AAC1" };
  }
  if (parts.unitType) {
    // A unit on a building that has none: the address is good without it.
    const withoutUnit = dataset.byKey.get(addressKey({ ...parts, unitType: "", unitNumber: "" }));
    if (withoutUnit) {
      footnotes.add("S");
      return { property: withoutUnit, dpvMatchCode: "S", dpvFootnotes: "AACC" };
    }
  }
  const knownStreet = dataset.streets.has(streetKey(parts));
  footnotes.add(knownStreet ? "W" : "F");
  return none(knownStreet ? "AAM3" : "A1");
}

/** Standardizes an address written on one line and finds the property it names. */
export function resolveAddress(dataset: IndexedDataset, line: string): Resolution {
  const { parts, corrections, problem } = readAddress(line, zipTableOptions);
  const footnotes = new Set<string>();
  const empty = { property: undefined, dpvMatchCode: "" as const, dpvFootnotes: "" };
  if (problem) return { parts, zip: undefined, footnotes: ["C"], ...empty, error: problem };
  // The parser read a misspelt suffix or designator ("Stret", "Apartmnet") or state ("Ilinois") as the word meant.
  for (const { field } of corrections) footnotes.add(field === "state" ? "B" : "M");
  if (!parts.name && parts.kind === "street")
    return { parts, zip: undefined, footnotes: ["C"], ...empty, error: "no street name was found" };
  if (!parts.zip && !(parts.city && parts.state)) {
    return { parts, zip: undefined, footnotes: ["C"], ...empty, error: "a ZIP code, or a city and state, is required" };
  }
  const settled = settleCityStateZip(dataset, parts, footnotes);
  if ("error" in settled) return { parts, zip: undefined, footnotes: ["C"], ...empty, error: settled.error };
  const { zip } = settled;

  const typed = tokenize(line.split(",")[0] ?? "").join(" ");
  settleStreet(dataset, parts, footnotes);
  // "N": abbreviations were standardized, i.e. the street as typed is not already in its standard form.
  if (!footnotes.has("M") && !footnotes.has("L") && typed !== streetLine(parts) && line.includes(","))
    footnotes.add("N");
  const point = deliveryPoint(dataset, parts, footnotes);
  if (point.property) parts.zip4 = point.property.address.zip4;
  return { parts, zip, footnotes: [...footnotes].sort(), ...point };
}

/** Finds the property an address names, or says why none was found. */
export function findProperty(
  dataset: IndexedDataset,
  line: string,
): { property: Property } | { error: string; status: 400 | 404 } {
  const resolution = resolveAddress(dataset, line);
  if (resolution.error) return { error: `address: ${resolution.error}`, status: 400 };
  if (resolution.property) return { property: resolution.property };
  if (resolution.dpvMatchCode === "D")
    return { error: "The address names a building with several units; add the unit number", status: 404 };
  return { error: "No property was found at that address", status: 404 };
}
