import { knownCity, spellCity, splitLastSegment, splitStreetCity, type IsCity, type StartsCity } from "./city";
import { joinSplitDirectionals, parseStreet, startsWithHouseNumber, type Correction, type StreetParts } from "./street";
import { DIRECTIONALS, MAX_STATE_WORDS, STATES, SUFFIXES, UNITS, ZERO_ZIP_STATES } from "./tables";
import { tokenize } from "./tokenize";
import { misspeltState } from "./typos";
import { isBareUnitId, readUnits } from "./units";

export { parseStreet, tokenize };
export type { Correction, StreetParts };

export interface AddressParts extends StreetParts {
  city: string;
  state: string;
  zip: string;
  zip4: string;
}

export interface ParseOptions {
  /** Tells whether words are a city name in a state; used to split a line written without commas. */
  isCity?: IsCity;
  /**
   * Tells whether words could be a city of the state that `isCity` does not know: where a run-on line's city begins
   * when its first words are street types too ("12 Ridge Rd Lake Forest Park WA").
   */
  startsCity?: StartsCity;
  /**
   * The state a ZIP code is in, to find the city of "410 Lakeview St 60614" among that state's cities; a state found
   * this way is not reported (the address did not say it).
   */
  stateOfZip?: (zip: string) => string | undefined;
  /**
   * The cities (upper case) the ZIP table names for a ZIP code: the words that spell one at the end of a run-on line are
   * the city, and a directional before them is the street's ("Sea Grape Blvd East Palatka" with Palatka's ZIP code).
   */
  citiesOfZip?: (zip: string) => Iterable<string>;
}

/** An address read from a line, with what was corrected on the way and what could not be read. */
export interface ReadAddress {
  parts: AddressParts;
  corrections: Correction[];
  /** Why the address is wrong as written, e.g. a ZIP code glued to other digits. */
  problem?: string;
}

const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const GLUED_ZIP = /^\d{6,8}$|^\d{10,}$|^\d{5}-\d{5,}$/;
const STATE_THEN_ZIP = /^([A-Z]{2})(\d{5}(?:-?\d{4})?)$/;

function trimCommas(tokens: string[]): string[] {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1] === ",") end--;
  return end === tokens.length ? tokens : tokens.slice(0, end);
}

/** The state the last words spell exactly ("ARIZ", "N DAK", "D C"), and how many words it took. */
function stateAt(tokens: string[]): { state: string; words: number } | undefined {
  const most = Math.min(MAX_STATE_WORDS, tokens.length - 1);
  const spaced: string[] = [];
  const letters: string[] = [];
  for (let words = 1; words <= most; words++) {
    const token = tokens[tokens.length - words]!;
    if (token === ",") break;
    spaced.push(words === 1 ? token : `${token} ${spaced.at(-1)}`);
    letters.push(token.length === 1 && (words === 1 || letters.at(-1)) ? token + (letters.at(-1) ?? "") : "");
  }
  for (let words = spaced.length; words >= 1; words--) {
    const state = STATES.get(spaced[words - 1]!) ?? (letters[words - 1] ? STATES.get(letters[words - 1]!) : undefined);
    if (state) return { state, words };
  }
  return undefined;
}

const COUNTRIES = [["USA"], ["U", "S", "A"], ["US"], ["UNITED", "STATES"], ["UNITED", "STATES", "OF", "AMERICA"]];

/** Drops a country written at the end ("…, IL 60606, USA"), after a ZIP code or a state. */
function withoutCountry(tokens: string[]): string[] {
  for (const country of COUNTRIES) {
    const end = tokens.length - country.length;
    if (end < 2 || !country.every((word, i) => tokens[end + i] === word)) continue;
    const rest = trimCommas(tokens.slice(0, end));
    if (/^\d{5}/.test(rest.at(-1) ?? "") || stateAt(rest)) return rest;
  }
  return tokens;
}

/** Drops the state said again after the ZIP code ("Knoxville, TN 37902, TN", "… TN 37902 Tennessee"). */
function withoutStateAgain(tokens: string[]): string[] {
  const again = stateAt(tokens);
  if (!again) return tokens;
  const rest = trimCommas(tokens.slice(0, -again.words));
  if (!ZIP.test(rest.at(-1) ?? "") || stateAt(trimCommas(rest.slice(0, -1)))?.state !== again.state) return tokens;
  return rest;
}

function takeZip(input: string[]): { zip: string; zip4: string; glued: string; rest: string[] } {
  let rest = withoutStateAgain(withoutCountry(trimCommas(input)));
  const stuck = STATE_THEN_ZIP.exec(rest.at(-1) ?? "");
  if (stuck && STATES.has(stuck[1]!)) rest = [...rest.slice(0, -1), stuck[1]!, stuck[2]!];
  const last = rest.at(-1) ?? "";
  const match = ZIP.exec(last);
  if (match) return { zip: match[1]!, zip4: match[2] ?? "", glued: "", rest: rest.slice(0, -1) };
  const before = rest.at(-2) ?? "";
  if (/^\d{4}$/.test(last) && /^\d{5}$/.test(before))
    return { zip: before, zip4: last, glued: "", rest: rest.slice(0, -2) };
  // "Portland, ME 4101": a spreadsheet dropped the leading zero of a New England, New Jersey or Puerto Rico ZIP code.
  if (/^\d{4}$/.test(last) && ZERO_ZIP_STATES.has(stateAt(trimCommas(rest.slice(0, -1)))?.state ?? ""))
    return { zip: `0${last}`, zip4: "", glued: "", rest: rest.slice(0, -1) };
  // "IL 606061": a ZIP code run into other digits right after the state is no ZIP code, and no part of the city.
  if (GLUED_ZIP.test(last) && stateAt(trimCommas(rest.slice(0, -1))))
    return { zip: "", zip4: "", glued: last, rest: rest.slice(0, -1) };
  return { zip: "", zip4: "", glued: "", rest };
}

function takeState(
  input: string[],
  zip: string,
  options: ParseOptions,
  corrections: Correction[],
): { state: string; rest: string[] } {
  const tokens = trimCommas(input);
  let found = stateAt(tokens);
  const last = tokens.at(-1) ?? "";
  if (!found && tokens.length >= 2 && last !== "," && !/\d/.test(last)) {
    const two = tokens.length >= 3 && tokens.at(-2) !== "," ? misspeltState(tokens.slice(-2).join(" ")) : undefined;
    const state = two ?? misspeltState(last, (zip && options.stateOfZip?.(zip)) || undefined);
    if (state) {
      corrections.push({ field: "state", typed: two ? tokens.slice(-2).join(" ") : last, read: state });
      found = { state, words: two ? 2 : 1 };
    }
  }
  if (!found) return { state: "", rest: tokens };
  let rest = trimCommas(tokens.slice(0, -found.words));
  // Written twice: "Marietta, Georgia, GA", "Nashville TN, TN"; but "New York, NY" names a city, unless it is there
  // too.
  const again = stateAt(rest);
  if (again?.state === found.state) {
    const words = rest.slice(-again.words);
    const earlier = trimCommas(rest.slice(0, -again.words)).slice(-again.words);
    const sameAsEarlier = earlier.join(" ") === words.join(" ");
    if (words.join(" ").length === 2 || sameAsEarlier || options.isCity?.(words.join(" "), found.state) === false)
      rest = rest.slice(0, -again.words);
  }
  return { state: found.state, rest };
}

const isStreetPart = (segment: string[]) =>
  segment.length >= 2 && /^\d/.test(segment[0]!) && startsWithHouseNumber(segment) && !readUnits(segment, 0, true);

/**
 * A firm's or building's name before the street ("Willis Tower, 233 S Wacker Dr", "2 Grand Central Tower, 140 E 45th
 * St") is no part of the delivery address: the street is the last part before the city's that starts with a house
 * number and a name and is not a unit. Units before it stay.
 */
function withoutFirmLines(segments: string[][]): string[][] {
  if (segments.length <= 2) return segments;
  // The last part is the city's, which may begin with a unit ("19K New York").
  const street = segments.slice(0, -1).findLastIndex(isStreetPart);
  if (street <= 0) return segments;
  return [...segments.slice(0, street).filter((segment) => readUnits(segment, 0)), ...segments.slice(street)];
}

/** Whether words end as a street does: with its type, a directional or a unit ("Lakeview St", "Cedar Ln Apt 2"). */
function endsLikeStreet(tokens: string[]): boolean {
  const last = tokens.at(-1) ?? "";
  return SUFFIXES.has(last) || DIRECTIONALS.has(last) || isBareUnitId(last) || UNITS.has(last);
}

/** Parses a one-line US address and says what it corrected ("Stret", "Ilinois") and what it could not read. */
export function readAddress(line: string, options: ParseOptions = {}): ReadAddress {
  const corrections: Correction[] = [];
  const { zip, zip4, glued, rest: beforeZip } = takeZip(joinSplitDirectionals(tokenize(line)));
  const { state, rest } = takeState(beforeZip, zip, options, corrections);
  const segments: string[][] = [[]];
  for (const token of rest) {
    if (token === ",") segments.push([]);
    else segments.at(-1)!.push(token);
  }
  const filled = withoutFirmLines(segments.filter((segment) => segment.length > 0));
  const cityState = state || (zip && options.stateOfZip?.(zip)) || "";
  // The ZIP code's cities, when it is in the state the address names; asked for only when they could decide.
  const { citiesOfZip, stateOfZip } = options;
  const zipCities =
    zip && citiesOfZip && stateOfZip ? () => (stateOfZip(zip) === cityState ? citiesOfZip(zip) : []) : undefined;
  const last = filled.at(-1) ?? [];
  const before = filled.slice(0, -1);
  let street: string[];
  let city: string[];
  if (before.length > 0 && !(startsWithHouseNumber(last) && before.every((segment) => readUnits(segment, 0)))) {
    const [secondary, rest] = splitLastSegment(last, cityState, options.isCity);
    street = [...before.flatMap((segment) => [...segment, ","]), ...secondary];
    city = rest;
  } else {
    // One part, or units written first: "Apt 2, 18B Oak Hollow Dr Round Rock". "410 Lakeview St, 60614": with a comma
    // before the ZIP code and no state, a part that ends like a street is the street, unless it ends with a city of the
    // ZIP code's state ("1755 Howard St Des Plaines, 60018"); "6801 Hollywood Blvd Hollywood, 90028" still has a city.
    const streetThenZip = !state && zip !== "" && beforeZip.at(-1) === ",";
    const [streetPart, cityPart] = streetThenZip
      ? splitStreetCity(
          last,
          cityState,
          cityState ? options.isCity : undefined,
          !endsLikeStreet(last),
          options.startsCity,
          zipCities,
        )
      : splitStreetCity(last, cityState, options.isCity, true, options.startsCity, zipCities);
    street = [...before.flatMap((segment) => [...segment, ","]), ...streetPart];
    city = cityPart;
  }
  const cityName =
    city.length === 0 ? "" : ((options.isCity && knownCity(city, cityState, options.isCity)) ?? spellCity(city));
  const parts = { ...parseStreet(trimCommas(street), corrections), city: cityName, state, zip, zip4 };
  return { parts, corrections, ...(glued && { problem: `the ZIP code is run into other digits (${glued})` }) };
}

/** Parses a one-line US address ("2800 n. 24th street, phoenix arizona 85008-1234") into Publication 28 parts. */
export function parseAddress(line: string, options: ParseOptions = {}): AddressParts {
  return readAddress(line, options).parts;
}
