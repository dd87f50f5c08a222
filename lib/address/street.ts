import { tokenize } from "./tokenize";
import { misspeltSuffix } from "./typos";
import { HIGHWAY_WORDS, isNameNumber, isRoadNumber, parseNumberedRoad } from "./roads";
import { DIRECTIONALS, LEADING_TYPES, NUMBER_WORDS, SUFFIXES, UNITS, UNKNOWN_UNIT } from "./tables";
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
  /**
   * The units written beside the one kept, in their standard form ("FL 6" beside RM 612): Publication 28's secondary
   * line, written above the delivery line. Absent with one unit or none.
   */
  secondary?: string;
}

/** A word the parser read as something else than typed: "STRET" as the suffix ST. */
export interface Correction {
  field: "suffix" | "unitType" | "state";
  typed: string;
  read: string;
}

const HOUSE_NUMBER = /^\d+[A-Z]?$|^\d+-\d+[A-Z]?$|^[NSEW]\d+[NSEW]?\d*$|^[NSEW]\d+-[NSEW]\d+$/;
/** "B210 Calle Sol", "C12": a letter before the number (Puerto Rico's urbanizations), when no number follows it. */
const LETTERED_NUMBER = /^[A-Z]\d+$/;
const isHouseNumber = (tokens: readonly string[]) =>
  HOUSE_NUMBER.test(tokens[0] ?? "") || (LETTERED_NUMBER.test(tokens[0] ?? "") && !/^\d/.test(tokens[1] ?? ""));
const FRACTION = /^\d\/\d{1,2}$/;
function emptyStreet(): StreetParts {
  return {
    kind: "street",
    number: "",
    preDirectional: "",
    name: "",
    suffix: "",
    postDirectional: "",
    unitType: "",
    unitNumber: "",
    box: "",
  };
}

/** "N W" (from "N.W." or "S. W.") is one directional; "U S" (from "U.S.") before a number or a highway is US. */
export function joinSplitDirectionals(tokens: readonly string[]): string[] {
  const joined: string[] = [];
  for (const [i, token] of tokens.entries()) {
    const previous = joined.at(-1);
    const next = tokens[i + 1] ?? "";
    if ((previous === "N" || previous === "S") && (token === "E" || token === "W"))
      joined[joined.length - 1] = previous + token;
    else if (previous === "U" && token === "S" && (/^\d/.test(next) || HIGHWAY_WORDS.has(next)))
      joined[joined.length - 1] = "US";
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

/** The two halves of a Wisconsin or northern Illinois grid number: "W156 N8480", "N52 W13220". */
const GRID_HALF = /^([NSEW])\d+$/;
const NORTH_SOUTH = new Set(["N", "S"]);

/** Whether "W156 N8480" starts the tokens: one house number in two words, on two axes. */
function isGridNumber(tokens: readonly string[]): boolean {
  const first = GRID_HALF.exec(tokens[0] ?? "");
  const second = first && GRID_HALF.exec(tokens[1] ?? "");
  return !!second && NORTH_SOUTH.has(first[1]!) !== NORTH_SOUTH.has(second[1]!);
}

/**
 * "4922 B South Cornell Ave": a letter written apart from the number, before a directional and a name, is the number's.
 */
const isNumberThenLetter = (tokens: readonly string[]) =>
  /^\d+$/.test(tokens[0] ?? "") &&
  /^[A-Z]$/.test(tokens[1] ?? "") &&
  !DIRECTIONALS.has(tokens[1]!) &&
  DIRECTIONALS.has(tokens[2] ?? "") &&
  tokens.length >= 4;

/** How many words the house number at the front takes: 2 for "W156 N8480", "4922 B" or "123 1/2", 0 without one. */
export function houseNumberLength(tokens: readonly string[]): number {
  if (isGridNumber(tokens) || isNumberThenLetter(tokens)) return 2;
  if (isHouseNumber(tokens)) return FRACTION.test(tokens[1] ?? "") ? 2 : 1;
  return spelledNumber(tokens)?.used ?? 0;
}

/** Takes the house number off the front: digits, a fraction, or words when a street follows them. */
function takeHouseNumber(tokens: string[], parts: StreetParts): string[] {
  const first = tokens[0];
  if (isGridNumber(tokens) || isNumberThenLetter(tokens)) {
    parts.number = first! + tokens[1]!;
    return tokens.slice(2);
  }
  if (first && isHouseNumber(tokens)) {
    // "W156-N8480": a grid number is written as one.
    parts.number = /^[NSEW]\d+-[NSEW]/.test(first) ? first.replace("-", "") : first;
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

export const startsWithHouseNumber = (tokens: readonly string[]) =>
  isHouseNumber(tokens) || spelledNumber(tokens) !== undefined;

/** "Apt 2 18B Oak Hollow Dr", "Suite 1500, 233 S Wacker Dr": a unit written before the house number. */
function takeLeadingUnit(tokens: string[], units: Unit[]): string[] {
  const read = readUnit(tokens, 0);
  if (!read) return tokens;
  const rest = tokens.slice(tokens[read.next] === "," ? read.next + 1 : read.next);
  if (!startsWithHouseNumber(rest)) return tokens;
  units.push(read.unit);
  return rest;
}

const SPECIAL_STARTS = new Set([
  "P",
  "PO",
  "POST",
  "BOX",
  "BX",
  "POB",
  "DRAWER",
  "RR",
  "R",
  "RURAL",
  "RFD",
  "RT",
  "ROUTE",
  "HC",
  "HCR",
  "HIGHWAY",
  "STAR",
]);

function parseSpecialStreet(tokens: string[]): StreetParts | undefined {
  if (!SPECIAL_STARTS.has(tokens[0] ?? "")) return undefined;
  const line = tokens.join(" ");
  const poBox = /^(?:P ?O ?|POST OFFICE |POST )?(?:BOX|BX|POB|DRAWER)(?: #? ?([A-Z0-9-]+))?$/.exec(line);
  if (poBox && (poBox[1] || /^(P ?O|POST)/.test(line)))
    return { ...emptyStreet(), kind: "po-box", name: "PO BOX", number: poBox[1] ?? "" };
  const route =
    /^(RR|R R|RURAL ROUTE|RURAL RTE|RFD|RT|ROUTE|HC|HCR|HIGHWAY CONTRACT|STAR ROUTE) ?#? ?(\d+)(?: (?:BOX|BX) #? ?([A-Z0-9-]+))?$/.exec(
      line,
    );
  if (route && !HOUSE_NUMBER.test(tokens[0]!)) {
    const contract = /^(HC|HCR|HIGHWAY CONTRACT|STAR ROUTE)$/.test(route[1]!);
    return {
      ...emptyStreet(),
      kind: "rural-route",
      name: contract ? "HC" : "RR",
      number: route[2]!,
      box: route[3] ?? "",
    };
  }
  return undefined;
}

/**
 * "Rodney Square North 1100 N Market St", "Anheuser Busch One Busch Pl": a firm's or building's name written before the
 * house number with no comma is no part of the street. Puerto Rico's streets ("Calle Tetuan 206") keep their number.
 */
function withoutLeadingName(tokens: string[]): string[] {
  if (startsWithHouseNumber(tokens) || LEADING_TYPES.has(tokens[0] ?? "")) return tokens;
  for (let k = 1; k < tokens.length - 1; k++) {
    if (tokens[k] === ",") return tokens;
    const before = tokens[k - 1]!;
    if (before === "#" || before === "NO" || before === "NUMBER" || UNITS.has(before) || isNameNumber(tokens, k))
      continue;
    const length = startsWithHouseNumber(tokens.slice(k)) ? houseNumberLength(tokens.slice(k)) : 0;
    // "PSC 3 Box 1234" is a military box, "Box 5 123 Main St" a box before the house number.
    const next = tokens[k + length] ?? ",";
    if (length > 0 && next !== "," && next !== "BOX" && !/^\d/.test(next)) return tokens.slice(k);
  }
  return tokens;
}

/** "No" and "So" after the street's type: "2211 14th Ave No" is 14TH AVE N. */
const SPOKEN_DIRECTIONALS: ReadonlyMap<string, string> = new Map([
  ["NO", "N"],
  ["SO", "S"],
]);

/** The post-directional written at `i`: N, NE, "North", or "No" and "So" right after a suffix. */
function postDirectionalAt(tokens: readonly string[], i: number): string | undefined {
  const token = tokens[i] ?? "";
  return (
    DIRECTIONALS.get(token) ?? (i >= 2 && SUFFIXES.has(tokens[i - 1]!) ? SPOKEN_DIRECTIONALS.get(token) : undefined)
  );
}

/**
 * Whether `i` follows the street's type and post-directional ("Oak Ct |", "Grand Ave SW |") after a name that is not
 * only a directional ("W Avenue |" is no such street).
 */
function followsStreetType(tokens: readonly string[], i: number): boolean {
  const type = postDirectionalAt(tokens, i - 1) ? i - 2 : i - 1;
  return type >= 1 && SUFFIXES.has(tokens[type]!) && tokens.slice(0, type).some((t) => !DIRECTIONALS.has(t));
}

/**
 * Street types no street name ends with, after which "St 210" is a suite: "Bay Ave St 210", "Katy Fwy St 300", "Clayton
 * Road St 220"; but "Old Mill St 5", "Oak Park St E" and "Deer Run St 4" are streets, and "Court St" or "Lane St" can
 * be.
 */
const TYPES_BEFORE_SUITE = new Set([
  ...["ST", "AVE", "AV", "RD", "DR", "BLVD", "LN", "CT", "PL", "PKWY", "HWY", "CIR", "TER", "TRL", "CV", "PLZ"],
  ...["FWY", "EXPY", "TPKE", "XING", "CSWY", "BYP", "SQ", "CTR", "WAY", "LOOP", "PIKE"],
  ...["ROAD", "DRIVE", "AVENUE", "BOULEVARD", "PARKWAY", "HIGHWAY", "FREEWAY", "EXPRESSWAY", "TURNPIKE"],
]);
/** Whether a type of TYPES_BEFORE_SUITE ends the street before `i`, with its post-directional: "Rd NE | St 520". */
const typeBefore = (tokens: readonly string[], i: number) =>
  TYPES_BEFORE_SUITE.has(tokens[i - 1]!) ||
  (i >= 3 && postDirectionalAt(tokens, i - 1) !== undefined && TYPES_BEFORE_SUITE.has(tokens[i - 2]!));

/**
 * Types a letter names a street of ("Avenue J", "State Highway K", "Farm Road A"): the letter is no unit after them.
 */
const TYPES_BEFORE_LETTER = new Set([...HIGHWAY_WORDS, "AVENUE", "AVE", "AV", "ROAD", "RD"]);

/**
 * Takes the units off the end of the street: "STE 200", "6TH FLOOR ROOM 612", "REAR", a bare "14B"; after the street's
 * type, "St 210" (a suite: the street has its type), a designator without number ("Ct NE Unit") or a letter ("Ave SW
 * B").
 */
function takeTrailingUnits(tokens: string[], units: Unit[], hasNumber: boolean): string[] {
  for (let i = 1; i < tokens.length; i++) {
    const read =
      tokens[i] === "ST" && i >= 2 && typeBefore(tokens, i) && isBareUnitId(tokens[i + 1])
        ? readUnits(["STE", ...tokens.slice(i + 1)], 0)
        : readUnits(tokens, i);
    if (read) {
      units.push(...read);
      return tokens.slice(0, i);
    }
  }
  const last = tokens.length - 1;
  const word = tokens[last] ?? "";
  const designator = UNITS.get(word);
  const letter =
    /^[A-Z]$/.test(word) &&
    !DIRECTIONALS.has(word) &&
    !isRoadNumber(tokens, last) &&
    !TYPES_BEFORE_LETTER.has(tokens[last - 1]!);
  if (
    hasNumber &&
    followsStreetType(tokens, last) &&
    ((designator && designator.abbreviation !== UNKNOWN_UNIT) || letter)
  ) {
    units.push({ type: designator ? designator.abbreviation : UNKNOWN_UNIT, number: designator ? "" : word });
    return tokens.slice(0, last);
  }
  // "88 N Clark 1203": a last number after a named street is its unit.
  const named = tokens.slice(0, last).some((t) => !DIRECTIONALS.has(t));
  if (hasNumber && last >= 1 && named && isBareUnitId(word) && !isNameNumber(tokens, last)) {
    units.push({ type: UNKNOWN_UNIT, number: word });
    return tokens.slice(0, last);
  }
  return tokens;
}

/** Directionals, name and suffix of what is left once number and units are off. */
function parseName(input: string[], parts: StreetParts, corrections: Correction[]): void {
  let tokens = input;
  // "193 Braybrook SE": a two-letter directional after a one-word name is the post-directional.
  const twoLetters =
    tokens.length === 2 && tokens[1]!.length === 2 && !DIRECTIONALS.has(tokens[0]!) && !SUFFIXES.has(tokens[0]!);
  const post = tokens.length >= 3 || twoLetters ? postDirectionalAt(tokens, tokens.length - 1) : undefined;
  if (post) {
    parts.postDirectional = post;
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
  // "S and W Farm Rd": a directional joined to another word by "and" is the name's.
  if (tokens.length >= 2 && DIRECTIONALS.has(tokens[0]!) && tokens[1] !== "AND" && tokens[1] !== "&") {
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
  tokens = takeHouseNumber(withoutLeadingName(tokens), parts);
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
  // Puerto Rico writes the number after the street: "Calle Tetuan 206", "Calle Sol B210".
  if (
    !parts.number &&
    LEADING_TYPES.has(street[0] ?? "") &&
    /^[A-Z]?\d+[A-Z]?$/.test(street.at(-1) ?? "") &&
    street.length >= 3
  ) {
    parts.number = street.at(-1)!;
    street = street.slice(0, -1);
  }
  const unit = mostSpecific(units);
  if (unit) {
    parts.unitType = unit.type;
    parts.unitNumber = unit.number;
    if (unit.misspelt) corrections.push({ field: "unitType", typed: unit.misspelt, read: unit.type });
    if (units.length > 1)
      parts.secondary = units
        .filter((other) => other !== unit)
        .map((other) => (other.number ? `${other.type} ${other.number}` : other.type))
        .join(" ");
  }
  const road = parseNumberedRoad(street);
  if (road) Object.assign(parts, { kind: "highway", ...road });
  else parseName(street, parts, corrections);
  return parts;
}
