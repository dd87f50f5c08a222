import { tokenize } from "./tokenize";
import { misspeltSuffix } from "./typos";
import { DIRECTIONALS, NUMBER_WORDS, SUFFIXES, UNKNOWN_UNIT } from "./tables";
import { isBareUnitId, mostSpecific, readUnit, readUnits, type Unit } from "./units";

/** A street line split into USPS Publication 28 parts, each already in its standard (upper-case) form. */
export interface StreetParts {
  kind: "street" | "po-box" | "rural-route" | "highway";
  /** House number, with a letter or a fraction when it has one ("2800", "12A", "123 1/2"); the box for PO boxes. */
  number: string;
  preDirectional: string;
  name: string;
  suffix: string;
  postDirectional: string;
  /** `APT`, `STE`, …, or `#` when the designator is unknown; empty without a unit. */
  unitType: string;
  unitNumber: string;
  /** For rural routes: the box on the route. */
  box: string;
}

/** A word the parser read as something else than typed: "STRET" as the suffix ST. */
export interface Correction {
  field: "suffix" | "unitType" | "state";
  typed: string;
  read: string;
}

const HOUSE_NUMBER = /^\d+[A-Z]?$|^\d+-\d+[A-Z]?$|^[NSEW]\d+[NSEW]?\d*$/;
const FRACTION = /^\d\/\d{1,2}$/;
const ROAD_NUMBER = /^\d+[A-Z]?$/;
const HIGHWAY_WORDS = new Set(["HIGHWAY", "HWY", "HWAY", "HIWAY", "HIWY", "HIGHWY", "ROUTE", "RTE", "RT"]);
const HIGHWAY_QUALIFIERS = new Map([
  ["US", "US"],
  ["STATE", "STATE"],
  ["COUNTY", "COUNTY"],
  ["CO", "COUNTY"],
  ["INTERSTATE", "INTERSTATE"],
  ["FM", "FM"],
  ["SR", "SR"],
  ["CR", "CR"],
  ["TOWNSHIP", "TOWNSHIP"],
  ["TWP", "TOWNSHIP"],
]);
/** Numbered roads written short, as Publication 28 writes them in full: "US 1", "SR 9", "CR 12", "I 95". */
const ROAD_ABBREVIATIONS = new Map([
  ["US", "US HIGHWAY"],
  ["SR", "STATE ROUTE"],
  ["CR", "COUNTY ROAD"],
  ["I", "INTERSTATE"],
  ["IH", "INTERSTATE"],
]);
/** Words after which a number is part of the street's name, not a unit: "FM 2222", "Calle 5", "County Road 12". */
const NAMES_BEFORE_NUMBER = new Set([...HIGHWAY_WORDS, ...ROAD_ABBREVIATIONS.keys(), "FM", "CALLE", "CARR", "AVENIDA", "INTERSTATE"]);
/** Puerto Rico's street types lead the name: "Calle Luna", "Avenida Ponce de León" (AVE). */
const LEADING_TYPES = new Map([
  ["CALLE", "CALLE"],
  ["AVENIDA", "AVE"],
  ["AVE", "AVE"],
  ["CARRETERA", "CARR"],
  ["CARR", "CARR"],
  ["PASEO", "PASEO"],
]);

function emptyStreet(): StreetParts {
  return { kind: "street", number: "", preDirectional: "", name: "", suffix: "", postDirectional: "", unitType: "", unitNumber: "", box: "" };
}

/** "N W" (from "N.W." or "S. W.") is one directional. */
export function joinSplitDirectionals(tokens: readonly string[]): string[] {
  const joined: string[] = [];
  for (const token of tokens) {
    const previous = joined.at(-1);
    if ((previous === "N" || previous === "S") && (token === "E" || token === "W")) joined[joined.length - 1] = previous + token;
    else joined.push(token);
  }
  return joined;
}

/** The 5 of "twenty-five": a one to nine after a round ten. */
function onesAfter(tens: number, word: string): number | undefined {
  const ones = tens >= 20 && tens % 10 === 0 ? NUMBER_WORDS.get(word) : undefined;
  return ones !== undefined && ones < 10 ? ones : undefined;
}

/** "TWO", "FORTY", "TWENTY FIVE", "FIFTY-FIVE" → the number and how many tokens it took. */
function spelledNumber(tokens: readonly string[]): { number: number; used: number } | undefined {
  const [first = "", second = ""] = tokens;
  const [tens, ones = ""] = first.split("-");
  const value = NUMBER_WORDS.get(tens!);
  if (value === undefined) return undefined;
  if (ones) return onesAfter(value, ones) ? { number: value + onesAfter(value, ones)!, used: 1 } : undefined;
  if (onesAfter(value, second)) return { number: value + onesAfter(value, second)!, used: 2 };
  return { number: value, used: 1 };
}

/** Takes the house number off the front: digits, a fraction, or words when a street follows them. */
function takeHouseNumber(tokens: string[], parts: StreetParts): string[] {
  const first = tokens[0];
  if (first && HOUSE_NUMBER.test(first)) {
    parts.number = first;
    if (tokens[1] && FRACTION.test(tokens[1])) {
      parts.number += ` ${tokens[1]}`;
      return tokens.slice(2);
    }
    return tokens.slice(1);
  }
  const spelled = spelledNumber(tokens);
  if (spelled && tokens.filter((t) => t !== ",").length - spelled.used >= 2) {
    parts.number = String(spelled.number);
    return tokens.slice(spelled.used);
  }
  return tokens;
}

export const startsWithHouseNumber = (tokens: readonly string[]) => HOUSE_NUMBER.test(tokens[0] ?? "") || spelledNumber(tokens) !== undefined;

/** "Apt 2 18B Oak Hollow Dr", "Suite 1500, 233 S Wacker Dr": a unit written before the house number. */
function takeLeadingUnit(tokens: string[], units: Unit[]): string[] {
  const read = readUnit(tokens, 0);
  if (!read) return tokens;
  const rest = tokens.slice(tokens[read.next] === "," ? read.next + 1 : read.next);
  if (!startsWithHouseNumber(rest)) return tokens;
  units.push(read.unit);
  return rest;
}

const SPECIAL_STARTS = new Set(["P", "PO", "POST", "BOX", "BX", "POB", "DRAWER", "RR", "R", "RURAL", "RFD", "RT", "ROUTE", "HC", "HCR", "HIGHWAY", "STAR"]);

function parseSpecialStreet(tokens: string[]): StreetParts | undefined {
  if (!SPECIAL_STARTS.has(tokens[0] ?? "")) return undefined;
  const line = tokens.join(" ");
  const poBox = /^(?:P ?O ?|POST OFFICE |POST )?(?:BOX|BX|POB|DRAWER)(?: #? ?([A-Z0-9-]+))?$/.exec(line);
  if (poBox && (poBox[1] || /^(P ?O|POST)/.test(line))) return { ...emptyStreet(), kind: "po-box", name: "PO BOX", number: poBox[1] ?? "" };
  const route = /^(RR|R R|RURAL ROUTE|RURAL RTE|RFD|RT|ROUTE|HC|HCR|HIGHWAY CONTRACT|STAR ROUTE) ?#? ?(\d+)(?: (?:BOX|BX) #? ?([A-Z0-9-]+))?$/.exec(line);
  if (route && !HOUSE_NUMBER.test(tokens[0]!)) {
    const contract = /^(HC|HCR|HIGHWAY CONTRACT|STAR ROUTE)$/.test(route[1]!);
    return { ...emptyStreet(), kind: "rural-route", name: contract ? "HC" : "RR", number: route[2]!, box: route[3] ?? "" };
  }
  return undefined;
}

/** Whether the number at `i` belongs to the street's name: "Highway 6", "FM 2222", "County Road 12", "Calle 5". */
function isNameNumber(tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1] ?? "";
  if (NAMES_BEFORE_NUMBER.has(before)) return true;
  return (before === "ROAD" || before === "RD") && HIGHWAY_QUALIFIERS.has(tokens[i - 2] ?? "");
}

/** Takes the units off the end of the street: "STE 200", "6TH FLOOR ROOM 612", "REAR", or a bare "14B". */
function takeTrailingUnits(tokens: string[], units: Unit[], hasNumber: boolean): string[] {
  for (let i = 1; i < tokens.length; i++) {
    const read = readUnits(tokens, i);
    if (read) {
      units.push(...read);
      return tokens.slice(0, i);
    }
  }
  // "88 N Clark 1203": a last number after a named street is its unit.
  const last = tokens.length - 1;
  const named = tokens.slice(0, last).some((t) => !DIRECTIONALS.has(t));
  if (hasNumber && last >= 1 && named && isBareUnitId(tokens[last]) && !isNameNumber(tokens, last)) {
    units.push({ type: UNKNOWN_UNIT, number: tokens[last]! });
    return tokens.slice(0, last);
  }
  return tokens;
}

/** "US Highway 1", "State Hwy 71 N", "Old Highway 8", "County Rd 12", "CR 12": numbered roads keep the number in the name. */
function parseNumberedRoad(tokens: readonly string[], parts: StreetParts): boolean {
  const at = tokens.findIndex((t, i) => ROAD_NUMBER.test(tokens[i + 1] ?? "") && isNameNumber(tokens, i + 1) && !LEADING_TYPES.has(t));
  if (at < 0) return false;
  const road = tokens[at]!;
  const word = HIGHWAY_WORDS.has(road)
    ? road.startsWith("R")
      ? "ROUTE"
      : "HIGHWAY"
    : road === "RD" || road === "ROAD"
      ? "ROAD"
      : (ROAD_ABBREVIATIONS.get(road) ?? road);
  const qualified = at > 0 && HIGHWAY_QUALIFIERS.has(tokens[at - 1]!) && !ROAD_ABBREVIATIONS.has(road) && road !== "FM";
  const start = DIRECTIONALS.has(tokens[0]!) && at > 0 ? 1 : 0;
  if (start) parts.preDirectional = DIRECTIONALS.get(tokens[0]!)!;
  const before = tokens.slice(start, qualified ? at - 1 : at);
  const qualifier = qualified ? [HIGHWAY_QUALIFIERS.get(tokens[at - 1]!)!] : [];
  parts.kind = "highway";
  parts.name = [...before, ...qualifier, word, tokens[at + 1]].join(" ");
  const after = tokens[at + 2];
  if (after && DIRECTIONALS.has(after)) parts.postDirectional = DIRECTIONALS.get(after)!;
  return true;
}

/** Directionals, name and suffix of what is left once number and units are off. */
function parseName(input: string[], parts: StreetParts, corrections: Correction[]): void {
  let tokens = input;
  if (tokens.length >= 3 && DIRECTIONALS.has(tokens.at(-1)!)) {
    parts.postDirectional = DIRECTIONALS.get(tokens.at(-1)!)!;
    tokens = tokens.slice(0, -1);
  }
  const last = tokens.at(-1) ?? "";
  const leadingType = LEADING_TYPES.get(tokens[0] ?? "");
  if (tokens.length >= 2 && SUFFIXES.has(last) && !leadingType) {
    const rest = tokens.slice(0, -1);
    // "1700 N Wells": with only an abbreviated directional before it, the suffix word is the name.
    if (rest.length === 1 && rest[0]!.length <= 2 && DIRECTIONALS.has(rest[0]!)) {
      parts.preDirectional = DIRECTIONALS.get(rest[0]!)!;
      parts.name = last;
      return;
    }
    parts.suffix = SUFFIXES.get(last)!;
    tokens = rest;
  } else if (tokens.length - (DIRECTIONALS.has(tokens[0] ?? "") ? 1 : 0) >= 2 && !leadingType) {
    const suffix = misspeltSuffix(last);
    if (suffix) {
      corrections.push({ field: "suffix", typed: last, read: suffix });
      parts.suffix = suffix;
      tokens = tokens.slice(0, -1);
    }
  }
  if (tokens.length >= 2 && DIRECTIONALS.has(tokens[0]!)) {
    parts.preDirectional = DIRECTIONALS.get(tokens[0]!)!;
    tokens = tokens.slice(1);
  }
  // "100 North Ave": with nothing else left, the directional was the name.
  if (tokens.length === 0 && parts.preDirectional) {
    tokens = [parts.preDirectional];
    parts.preDirectional = "";
  }
  if (leadingType) tokens = [leadingType, ...tokens.slice(1)];
  parts.name = tokens.join(" ");
}

/**
 * Parses a street line ("2800 North 24th Street Apt #5") into its Publication 28 parts. What follows a comma is read
 * as the street's post-directional and units ("2210 Moreland Ave, SE", "415 W Adams, 14B"); misspelt suffixes and
 * designators are read as the word meant and listed in `corrections`.
 */
export function parseStreet(line: string | readonly string[], corrections: Correction[] = []): StreetParts {
  const units: Unit[] = [];
  let tokens = takeLeadingUnit(joinSplitDirectionals(typeof line === "string" ? tokenize(line) : line), units);
  const special = SPECIAL_STARTS.has(tokens[0] ?? "") ? parseSpecialStreet(tokens.filter((t) => t !== ",")) : undefined;
  if (special) return special;

  const parts = emptyStreet();
  tokens = takeHouseNumber(tokens, parts);
  const comma = tokens.indexOf(",");
  let street = comma < 0 ? tokens : tokens.slice(0, comma);
  if (comma >= 0) {
    const after = tokens.slice(comma + 1).filter((t) => t !== ",");
    const direction = DIRECTIONALS.has(after[0] ?? "");
    const secondary = readUnits(after, direction ? 1 : 0, true);
    if (secondary) {
      if (direction) parts.postDirectional = DIRECTIONALS.get(after[0]!)!;
      units.push(...secondary);
    } else if (street.length === 0) street = after;
    // Anything else after the comma ("Ground Floor", a building's name) is no part of the street's name.
  }
  street = takeTrailingUnits(street, units, parts.number !== "");
  // Puerto Rico writes the number after the street: "Calle Tetuan 206".
  if (!parts.number && LEADING_TYPES.has(street[0] ?? "") && /^\d+[A-Z]?$/.test(street.at(-1) ?? "") && street.length >= 3) {
    parts.number = street.at(-1)!;
    street = street.slice(0, -1);
  }
  const unit = mostSpecific(units);
  if (unit) {
    parts.unitType = unit.type;
    parts.unitNumber = unit.number;
    if (unit.misspelt) corrections.push({ field: "unitType", typed: unit.misspelt, read: unit.type });
  }
  if (!parseNumberedRoad(street, parts)) parseName(street, parts, corrections);
  return parts;
}
