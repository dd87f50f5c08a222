import { addressKey, parseAddress, streetLine, tokenize, type AddressParts } from "@/lib/address";
import { buildingKey, streetKey, type IndexedDataset, type Property } from "./dataset";
import { isCity, zipCode, zipsOfCity, type ZipCode } from "./geo/zip-codes";

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

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** Checks city, state and ZIP against each other, correcting what the ZIP table shows to be wrong. */
function settleCityStateZip(dataset: IndexedDataset, parts: AddressParts, footnotes: Set<string>): ZipCode | undefined {
  let zip = parts.zip ? zipCode(parts.zip) : undefined;
  const cityZips = parts.city && parts.state ? zipsOfCity(parts.city, parts.state) : [];
  const inDataSet = (candidate: ZipCode) => dataset.byKey.has(addressKey({ ...parts, city: candidate.city.toUpperCase(), state: candidate.state, zip: candidate.zip }));

  // A ZIP that is not the city's, while the street is known in one of the city's ZIPs: the ZIP was wrong.
  if (cityZips.length && (!zip || !cityZips.some((z) => z.zip === zip!.zip))) {
    const right = cityZips.find(inDataSet) ?? (!zip ? cityZips[0] : undefined);
    if (right) {
      if (parts.zip) footnotes.add("A");
      zip = right;
    }
  }
  if (!zip) return undefined;
  const preferred = zip.city.toUpperCase();
  if (parts.state && parts.state !== zip.state) footnotes.add("B");
  if (parts.city && parts.city !== preferred && !cityZips.some((z) => z.zip === zip!.zip)) {
    // A misspelt city (or one that does not match the ZIP) takes the ZIP's city.
    if (!isCity(parts.city, zip.state) || editDistance(parts.city, preferred) <= 2) footnotes.add("B");
    else footnotes.add("C");
  }
  parts.city = preferred;
  parts.state = zip.state;
  parts.zip = zip.zip;
  return zip;
}

function deliveryPoint(dataset: IndexedDataset, parts: AddressParts, footnotes: Set<string>): Pick<Resolution, "property" | "dpvMatchCode" | "dpvFootnotes"> {
  if (parts.kind === "po-box") {
    return parts.number ? { property: undefined, dpvMatchCode: "N", dpvFootnotes: "AAA1" } : { property: undefined, dpvMatchCode: "N", dpvFootnotes: "AAP1" };
  }
  if (!parts.number) {
    footnotes.add("F");
    return { property: undefined, dpvMatchCode: "N", dpvFootnotes: "AAM1" };
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
  footnotes.add(dataset.streets.has(streetKey(parts)) ? "W" : "F");
  return { property: undefined, dpvMatchCode: "N", dpvFootnotes: dataset.streets.has(streetKey(parts)) ? "AAM3" : "A1" };
}

/** Standardizes an address written on one line and finds the property it names. */
export function resolveAddress(dataset: IndexedDataset, line: string): Resolution {
  const parts = parseAddress(line, { isCity });
  const footnotes = new Set<string>();
  const empty = { property: undefined, dpvMatchCode: "" as const, dpvFootnotes: "" };
  if (!parts.name && parts.kind === "street") return { parts, zip: undefined, footnotes: [], ...empty, error: "no street name was found" };
  if (!parts.zip && !(parts.city && parts.state)) {
    return { parts, zip: undefined, footnotes: ["C"], ...empty, error: "a ZIP code, or a city and state, is required" };
  }
  const zip = settleCityStateZip(dataset, parts, footnotes);
  if (!zip) return { parts, zip: undefined, footnotes: ["C"], ...empty, error: "the city, state and ZIP code do not match a US ZIP code" };

  // "N": abbreviations were standardized, i.e. the street as typed is not already in its standard form.
  const typed = line.split(",")[0] ?? "";
  if (tokenize(typed).join(" ") !== streetLine(parts)) footnotes.add("N");
  const point = deliveryPoint(dataset, parts, footnotes);
  if (point.property) parts.zip4 = point.property.address.zip4;
  return { parts, zip, footnotes: [...footnotes].sort(), ...point };
}

/** Finds the property an address names, or says why none was found. */
export function findProperty(dataset: IndexedDataset, line: string): { property: Property } | { error: string; status: 400 | 404 } {
  const resolution = resolveAddress(dataset, line);
  if (resolution.error) return { error: `address: ${resolution.error}`, status: 400 };
  if (resolution.property && resolution.dpvMatchCode === "Y") return { property: resolution.property };
  if (resolution.dpvMatchCode === "D") return { error: "The address names a building with several units; add the unit number", status: 404 };
  if (resolution.property) return { property: resolution.property };
  return { error: "No property was found at that address", status: 404 };
}
