import { numberedRoadEnd } from "./roads";
import { houseNumberLength, startsWithHouseNumber } from "./street";
import { CITY_PREFIXES, DIRECTIONALS, SUFFIXES, UNITS } from "./tables";
import { misspeltSuffix } from "./typos";
import { isBareUnitId, readUnit, readUnits } from "./units";

/** Tells whether words (upper case) are a city name in a state. */
export type IsCity = (city: string, state: string) => boolean;
/** Tells whether words (upper case) could be a city of a state that is not known by name. */
export type StartsCity = (words: readonly string[], state: string) => boolean;

/**
 * "ST PAUL" → SAINT PAUL, "E LANSING" → EAST LANSING, "E ST LOUIS" → EAST SAINT LOUIS: the city as the ZIP table and
 * Publication 28 spell it. A directional is spelled out only as the first word, a saint or fort wherever a name
 * follows.
 */
export function spellCity(words: string[]): string {
  return words
    .map((word, i) => (i < words.length - 1 && (i === 0 || word.length > 1) && CITY_PREFIXES.get(word)) || word)
    .join(" ");
}

const abbreviated = (words: string[]) =>
  words.some((word, i) => i < words.length - 1 && CITY_PREFIXES.has(word) && (i === 0 || word.length > 1));

/** The words USPS shortens in city names ("La Grange Pk", "Huntingdon Vy"), spelled out to look the city up. */
export const CITY_WORDS: ReadonlyMap<string, string> = new Map([
  ["PK", "PARK"],
  ["VY", "VALLEY"],
  ["VLY", "VALLEY"],
  ["HTS", "HEIGHTS"],
  ["SPGS", "SPRINGS"],
  ["BCH", "BEACH"],
  ["TWP", "TOWNSHIP"],
  ["BR", "BRANCH"],
  ["VLG", "VILLAGE"],
  ["JCT", "JUNCTION"],
  ["CTR", "CENTER"],
  ["LK", "LAKE"],
  ["FLS", "FALLS"],
  ["HBR", "HARBOR"],
  ["MTN", "MOUNTAIN"],
  ["IS", "ISLAND"],
  ["CY", "CITY"],
  ["GRV", "GROVE"],
  ["HLS", "HILLS"],
  ["PT", "POINT"],
  ["STA", "STATION"],
  ["CRK", "CREEK"],
  ["GDNS", "GARDENS"],
  ["SHRS", "SHORES"],
]);

/**
 * The city the words name in the state, with its abbreviations spelled out the way the ZIP table writes it: "E
 * LANSING" is EAST LANSING, USPS's shortened "LA GRANGE PK" is LA GRANGE PARK (one key for both spellings).
 */
export function knownCity(words: string[], state: string, isCity: IsCity): string | undefined {
  const written = words.join(" ");
  if (isCity(written, state)) return written;
  if (words.length < 2) return undefined;
  const spelled = abbreviated(words) ? spellCity(words) : written;
  if (spelled !== written && isCity(spelled, state)) return spelled;
  if (!words.some((word, i) => i > 0 && CITY_WORDS.has(word))) return undefined;
  const full = spelled
    .split(" ")
    .map((word, i) => (i > 0 && CITY_WORDS.get(word)) || word)
    .join(" ");
  return isCity(full, state) ? full : undefined;
}

/** The tokens after the house number (and a unit written first), where the street's name begins. */
function nameStart(tokens: string[]): number {
  const lead = readUnit(tokens, 0);
  const i = lead && startsWithHouseNumber(tokens.slice(lead.next)) ? lead.next : 0;
  return i + houseNumberLength(tokens.slice(i));
}

/**
 * Where the units that start at `i` end, leaving at least one word for the city; or the end of the line when they
 * take all of it ("18 Cedar Ln Apt 2, 53703" has no city).
 */
function unitsFrom(tokens: string[], i: number): number {
  if (readUnits(tokens, i, true)) return tokens.length;
  let end = i;
  for (let read = readUnit(tokens, end, true); read && read.next < tokens.length; read = readUnit(tokens, end))
    end = read.next;
  return end;
}

/**
 * "2108 Wealthy St SE E Grand Rapids": after a post-directional, a one-letter directional begins the city (EAST GRAND
 * RAPIDS), though the table knows the city by its shorter name.
 */
function withCityDirectional(street: string[], city: string[]): [string[], string[]] {
  const last = street.at(-1) ?? "";
  if (street.length >= 4 && last.length === 1 && DIRECTIONALS.has(last) && DIRECTIONALS.has(street.at(-2)!))
    return [street.slice(0, -1), [last, ...city]];
  return [street, city];
}

/**
 * Whether a run-on city begins after the street's type at `i`, though its first word is a street type too: "Ridge Rd |
 * Lake Forest Park", "Mill Creek Dr | Mill Creek". Two words or more that could be a city of the state, with no street
 * type among them that a name follows ("Lake | Park Dr Springfield" is a street going on).
 */
function cityAfter(tokens: string[], i: number, state: string, startsCity: StartsCity | undefined): boolean {
  const rest = tokens.slice(i + 1);
  if (!startsCity || !state || rest.length < 2 || !startsCity(rest, state)) return false;
  return rest.every(
    (token, k) => k === 0 || k === rest.length - 1 || !SUFFIXES.has(token) || SUFFIXES.has(rest[k + 1]!),
  );
}

/** The cities a ZIP code names (upper case), asked only when a run-on line ends with a city of two words or more. */
export type ZipCities = () => Iterable<string>;

/**
 * Of the `longest` last words that spell a city of the state, how many spell the ZIP code's city instead, when the words
 * it leaves are directionals: "Sea Grape Blvd East | Palatka" with Palatka's ZIP code ("East" is the street's post-
 * directional); 0 otherwise ("Lake Forest Park" stays whole, and so does "East Palatka" with East Palatka's ZIP code).
 */
function zipCityWords(tokens: string[], longest: number, state: string, zipCities: ZipCities | undefined): number {
  if (!zipCities || longest < 2 || !DIRECTIONALS.has(tokens[tokens.length - longest]!)) return 0;
  for (const city of zipCities()) {
    // Spelled out or shortened ("E LANSING", "LA GRANGE PK"), a city keeps its number of words.
    const words = city.split(" ").length;
    if (words >= longest || !knownCity(tokens.slice(-words), state, (name) => name === city)) continue;
    if (tokens.slice(-longest, -words).every((word) => DIRECTIONALS.has(word))) return words;
  }
  return 0;
}

/** Whether the words could be a city the table does not hold: words of its cities' names ("Jacksonville", not "Rd"). */
const mayBeCity = (rest: string[], state: string, startsCity: StartsCity) => rest.length > 0 && startsCity(rest, state);

/** After the street's last word, at `end`, its post-directional: "St SE |", "US 17 Hwy N |" (`oneLetter`). */
function directionalEnd(tokens: string[], end: number, oneLetter: boolean): number {
  const next = tokens[end] ?? "";
  return DIRECTIONALS.has(next) && (oneLetter ? next.length <= 2 : next.length === 2) ? end + 1 : end;
}

/**
 * "Mill Rd Cedar Hill Rd | Jacksonville", "5th St SE Ct | Iowa Town": when the words after the street type at `i` (and
 * its post-directional) cannot be a city, a later type after name words only (no number, no unit) is the suffix if the
 * words after it can be one, or if nothing follows it and it is the same type again. Returns that type's place, or `i`.
 */
function lastStreetType(tokens: string[], i: number, state: string, startsCity: StartsCity | undefined): number {
  const after = unitsFrom(tokens, directionalEnd(tokens, i + 1, false));
  if (!startsCity || after >= tokens.length || mayBeCity(tokens.slice(after), state, startsCity)) return i;
  for (let j = i + 1; j < tokens.length; j++) {
    const token = tokens[j]!;
    if (/\d/.test(token) || UNITS.has(token)) return i;
    if (!SUFFIXES.has(token) || SUFFIXES.has(tokens[j + 1] ?? "")) continue;
    const end = unitsFrom(tokens, directionalEnd(tokens, j + 1, false));
    if (
      end < tokens.length
        ? mayBeCity(tokens.slice(end), state, startsCity)
        : SUFFIXES.get(token) === SUFFIXES.get(tokens[i]!)
    )
      return j;
  }
  return i;
}

/**
 * Where the street ends and the city begins in a line written without commas. A city the ZIP table knows decides, the
 * ZIP code's own city first; without one, the street's type does (`guess`), unless the writer's commas said the line is
 * the street alone.
 */
export function splitStreetCity(
  tokens: string[],
  state: string,
  isCity: IsCity | undefined,
  guess = true,
  startsCity?: StartsCity,
  zipCities?: ZipCities,
): [string[], string[]] {
  const start = nameStart(tokens);
  if (isCity) {
    const most = Math.min(4, tokens.length - start - 1);
    let longest = 0;
    for (let words = most; words >= 1 && !longest; words--)
      if (knownCity(tokens.slice(-words), state, isCity)) longest = words;
    const words = zipCityWords(tokens, longest, state, zipCities) || longest;
    if (words) return withCityDirectional(tokens.slice(0, -words), tokens.slice(-words));
  }
  if (!guess) return [tokens, []];
  // Without a known city: the street ends after its suffix (one not followed by another), post-directional and units;
  // or, without suffix, after a unit ("88 N Clark 1203 Chicago").
  for (let i = start + 1; i < tokens.length - 1; i++) {
    const token = tokens[i]!;
    // "510 US 17 Business Surfside Beach": a numbered road ends with its number, variant and post-directional.
    const road = numberedRoadEnd(tokens, i);
    if (road > 0 && road < tokens.length) {
      const split = unitsFrom(tokens, directionalEnd(tokens, road, true));
      return [tokens.slice(0, split), tokens.slice(split)];
    }
    if (
      (SUFFIXES.has(token) || misspeltSuffix(token)) &&
      (!SUFFIXES.has(tokens[i + 1]!) || cityAfter(tokens, i, state, startsCity))
    ) {
      const type = SUFFIXES.has(tokens[i + 1]!) ? i : lastStreetType(tokens, i, state, startsCity);
      const split = unitsFrom(tokens, directionalEnd(tokens, type + 1, false));
      return [tokens.slice(0, split), tokens.slice(split)];
    }
    if (isBareUnitId(token) || readUnit(tokens, i)) {
      const split = unitsFrom(tokens, i);
      if (split > i) return [tokens.slice(0, split), tokens.slice(split)];
    }
  }
  return [tokens, []];
}

const knownFrom = (segment: string[], from: number, state: string, isCity: IsCity | undefined) =>
  isCity !== undefined && knownCity(segment.slice(from), state, isCity) !== undefined;

/**
 * The last comma-separated part is the city, but may begin with what the street lost to the comma: "SE Atlanta",
 * "Ste C Dunwoody", "S W # 3 Atlanta", "14B Chicago". A known city keeps its words ("E Lansing").
 */
export function splitLastSegment(segment: string[], state: string, isCity: IsCity | undefined): [string[], string[]] {
  let i = 0;
  while (i < segment.length - 1 && !knownFrom(segment, i, state, isCity)) {
    const token = segment[i]!;
    // "SE Atlanta" is a post-directional; "North Miami", "N. Miami" and "E Lansing" are cities.
    if (i === 0 && token.length === 2 && DIRECTIONALS.has(token)) {
      i++;
      continue;
    }
    const read = readUnit(segment, i, true);
    if (!read || read.next >= segment.length || (!read.unit.number && !knownFrom(segment, read.next, state, isCity)))
      break;
    i = read.next;
  }
  return [segment.slice(0, i), segment.slice(i)];
}
