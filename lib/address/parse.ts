import { DIRECTIONALS, MAX_STATE_WORDS, STATES, SUFFIXES, UNITS, UNKNOWN_UNIT } from "./tables";

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

export interface AddressParts extends StreetParts {
  city: string;
  state: string;
  zip: string;
  zip4: string;
}

export interface ParseOptions {
  /** Tells whether words are a city name in a state; used to split a line written without commas. */
  isCity?: (city: string, state: string) => boolean;
}

const HOUSE_NUMBER = /^\d+[A-Z]?$|^\d+-\d+[A-Z]?$|^[NSEW]\d+[NSEW]?\d*$/;
const FRACTION = /^\d\/\d{1,2}$/;
const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const HIGHWAY_WORDS = new Set(["HIGHWAY", "HWY", "HWAY", "HIWAY", "HIWY", "HIGHWY", "ROUTE", "RTE"]);
const HIGHWAY_QUALIFIERS = new Set(["US", "STATE", "COUNTY", "INTERSTATE", "FM", "SR", "CR"]);

/** Upper-cases, drops periods and stray punctuation, and splits into words; commas become their own token. */
export function tokenize(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[’'`]/g, "")
    .replace(/(\w)\.(\w)/g, "$1 $2")
    .replace(/\./g, "")
    .replace(/#/g, " # ")
    .replace(/,/g, " , ")
    .replace(/[^A-Z0-9#,/&\- ]/g, " ")
    .split(/\s+/)
    .filter((token) => token !== "" && token !== "-");
}

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

function takeUnit(tokens: string[], parts: StreetParts): string[] {
  // A unit starts at the first designator after the street name has begun.
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    const unit = token === "#" ? { abbreviation: UNKNOWN_UNIT, requiresNumber: true } : UNITS.get(token);
    const glued = /^(APT|STE|UNIT|RM|SPC|LOT|TRLR)(\d+[A-Z]?)$/.exec(token);
    if (glued) {
      parts.unitType = UNITS.get(glued[1]!)!.abbreviation;
      parts.unitNumber = glued[2]!;
      return tokens.slice(0, i);
    }
    if (!unit) continue;
    const rest = tokens.slice(i + 1).filter((t) => t !== "#");
    // "LOT" or "KEY" can be street names ("Key Largo Dr"); a designator that needs a number and has none is a word.
    if (unit.requiresNumber && rest.length === 0 && token !== "#") continue;
    if (rest.length > 1) continue;
    parts.unitType = unit.abbreviation;
    parts.unitNumber = rest.join("");
    return tokens.slice(0, i);
  }
  // A bare trailing number after a suffix is an unknown-designator unit: "123 Main St 5".
  const last = tokens.at(-1);
  const before = tokens.at(-2) ?? "";
  if (tokens.length >= 3 && last && /^\d+[A-Z]?$/.test(last) && SUFFIXES.has(before) && !HIGHWAY_WORDS.has(before)) {
    parts.unitType = UNKNOWN_UNIT;
    parts.unitNumber = last;
    return tokens.slice(0, -1);
  }
  return tokens;
}

function parseSpecialStreet(tokens: string[]): StreetParts | undefined {
  const line = tokens.join(" ");
  const poBox = /^(?:P ?O ?|POST OFFICE |POST )?(?:BOX|BX|POB|DRAWER)(?: #? ?([A-Z0-9-]+))?$/.exec(line);
  if (poBox && (poBox[1] || /^(P ?O|POST)/.test(line))) return { ...emptyStreet(), kind: "po-box", name: "PO BOX", number: poBox[1] ?? "" };
  const route = /^(RR|RURAL ROUTE|RURAL RTE|RFD|RT|ROUTE|HC|HCR|HIGHWAY CONTRACT|STAR ROUTE) ?#? ?(\d+)(?: (?:BOX|BX) #? ?([A-Z0-9-]+))?$/.exec(line);
  if (route && !HOUSE_NUMBER.test(tokens[0]!)) {
    const contract = /^(HC|HCR|HIGHWAY CONTRACT|STAR ROUTE)$/.test(route[1]!);
    return { ...emptyStreet(), kind: "rural-route", name: contract ? "HC" : "RR", number: route[2]!, box: route[3] ?? "" };
  }
  return undefined;
}

/** "N W" (from "N.W.") is one directional. */
function joinSplitDirectionals(tokens: string[]): string[] {
  const joined: string[] = [];
  for (const token of tokens) {
    const previous = joined.at(-1);
    if ((previous === "N" || previous === "S") && (token === "E" || token === "W")) joined[joined.length - 1] = previous + token;
    else joined.push(token);
  }
  return joined;
}

/** Parses a street line ("2800 North 24th Street Apt #5") into its Publication 28 parts. */
export function parseStreet(line: string | string[]): StreetParts {
  let tokens = joinSplitDirectionals((typeof line === "string" ? tokenize(line) : line).filter((t) => t !== ","));
  const special = parseSpecialStreet(tokens);
  if (special) return special;

  const parts = emptyStreet();
  if (tokens[0] && HOUSE_NUMBER.test(tokens[0])) {
    parts.number = tokens[0];
    tokens = tokens.slice(1);
    if (tokens[0] && FRACTION.test(tokens[0])) {
      parts.number += ` ${tokens[0]}`;
      tokens = tokens.slice(1);
    }
  }
  tokens = takeUnit(tokens, parts);

  // Highways keep their number as the name: "US Highway 1", "State Route 9".
  const highwayAt = tokens.findIndex((t, i) => HIGHWAY_WORDS.has(t) && /^\d+[A-Z]?$/.test(tokens[i + 1] ?? ""));
  if (highwayAt >= 0) {
    const first = highwayAt > 0 && HIGHWAY_QUALIFIERS.has(tokens[highwayAt - 1]!) ? highwayAt - 1 : highwayAt;
    if (first > 0 && DIRECTIONALS.has(tokens[0]!)) parts.preDirectional = DIRECTIONALS.get(tokens[0]!)!;
    const word = tokens[highwayAt]!.startsWith("R") ? "ROUTE" : "HIGHWAY";
    const qualifier = first < highwayAt ? `${tokens[first]} ` : "";
    parts.kind = "highway";
    parts.name = `${qualifier}${word} ${tokens[highwayAt + 1]}`;
    const after = tokens.slice(highwayAt + 2);
    if (after[0] && DIRECTIONALS.has(after[0])) parts.postDirectional = DIRECTIONALS.get(after[0])!;
    return parts;
  }

  if (tokens.length >= 3 && DIRECTIONALS.has(tokens.at(-1)!)) {
    parts.postDirectional = DIRECTIONALS.get(tokens.at(-1)!)!;
    tokens = tokens.slice(0, -1);
  }
  if (tokens.length >= 2 && SUFFIXES.has(tokens.at(-1)!)) {
    parts.suffix = SUFFIXES.get(tokens.at(-1)!)!;
    tokens = tokens.slice(0, -1);
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
  parts.name = tokens.join(" ");
  return parts;
}

function takeZip(tokens: string[]): { zip: string; zip4: string; rest: string[] } {
  let rest = tokens;
  while (rest.at(-1) === ",") rest = rest.slice(0, -1);
  const last = rest.at(-1) ?? "";
  const match = ZIP.exec(last);
  if (match) return { zip: match[1]!, zip4: match[2] ?? "", rest: rest.slice(0, -1) };
  // "85008 1234"
  const before = rest.at(-2) ?? "";
  if (/^\d{4}$/.test(last) && /^\d{5}$/.test(before)) return { zip: before, zip4: last, rest: rest.slice(0, -2) };
  return { zip: "", zip4: "", rest };
}

function takeState(tokens: string[]): { state: string; rest: string[] } {
  let rest = tokens;
  while (rest.at(-1) === ",") rest = rest.slice(0, -1);
  for (let words = Math.min(MAX_STATE_WORDS, rest.length - 1); words >= 1; words--) {
    const tail = rest.slice(-words);
    if (tail.includes(",")) continue;
    const code = STATES.get(tail.join(" ")) ?? (tail.every((t) => t.length === 1) ? STATES.get(tail.join("")) : undefined);
    if (code) return { state: code, rest: rest.slice(0, -words) };
  }
  return { state: "", rest };
}

/** Where the street ends and the city begins in a line written without commas. */
function splitStreetCity(tokens: string[], state: string, options: ParseOptions): [string[], string[]] {
  if (options.isCity) {
    for (let words = Math.min(4, tokens.length - 1); words >= 1; words--) {
      const city = tokens.slice(-words).join(" ");
      if (options.isCity(city, state)) return [tokens.slice(0, -words), tokens.slice(-words)];
    }
  }
  // The street ends after the first suffix that is not itself followed by a suffix, plus a directional and unit.
  for (let i = 2; i < tokens.length - 1; i++) {
    if (!SUFFIXES.has(tokens[i]!) || SUFFIXES.has(tokens[i + 1]!)) continue;
    let end = i + 1;
    if (DIRECTIONALS.has(tokens[end]!) && end < tokens.length - 1) end++;
    const unit = tokens[end] === "#" ? true : UNITS.has(tokens[end] ?? "");
    if (unit && end < tokens.length - 2) end += tokens[end + 1] === "#" ? 3 : 2;
    return [tokens.slice(0, end), tokens.slice(end)];
  }
  return [tokens, []];
}

/** Parses a one-line US address ("2800 n. 24th street, phoenix arizona 85008-1234") into Publication 28 parts. */
export function parseAddress(line: string, options: ParseOptions = {}): AddressParts {
  const { zip, zip4, rest: beforeZip } = takeZip(tokenize(line));
  const { state, rest } = takeState(beforeZip);
  const segments: string[][] = [[]];
  for (const token of rest) {
    if (token === ",") segments.push([]);
    else segments.at(-1)!.push(token);
  }
  const filled = segments.filter((segment) => segment.length > 0);
  let street: string[];
  let city: string[];
  if (filled.length >= 2) {
    city = filled.at(-1)!;
    street = filled.slice(0, -1).flat();
  } else {
    [street, city] = splitStreetCity(filled[0] ?? [], state, options);
  }
  return { ...parseStreet(street), city: city.join(" "), state, zip, zip4 };
}
