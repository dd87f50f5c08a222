import { startsWithHouseNumber } from "./street";
import { CITY_PREFIXES, DIRECTIONALS, SUFFIXES } from "./tables";
import { misspeltSuffix } from "./typos";
import { isBareUnitId, readUnit } from "./units";

/** Tells whether words (upper case) are a city name in a state. */
export type IsCity = (city: string, state: string) => boolean;

/**
 * "ST PAUL" → SAINT PAUL, "E LANSING" → EAST LANSING, "E ST LOUIS" → EAST SAINT LOUIS: the city as the ZIP table and
 * Publication 28 spell it. A directional is spelled out only as the first word, a saint or fort wherever a name follows.
 */
export function spellCity(words: string[]): string {
  return words.map((word, i) => (i < words.length - 1 && (i === 0 || word.length > 1) && CITY_PREFIXES.get(word)) || word).join(" ");
}

const abbreviated = (words: string[]) => words.some((word, i) => i < words.length - 1 && CITY_PREFIXES.has(word) && (i === 0 || word.length > 1));

export function knownCity(words: string[], state: string, isCity: IsCity): string | undefined {
  const written = words.join(" ");
  if (isCity(written, state)) return written;
  if (words.length < 2 || !abbreviated(words)) return undefined;
  const spelled = spellCity(words);
  return isCity(spelled, state) ? spelled : undefined;
}

/** The tokens after the house number (and a unit written first), where the street's name begins. */
function nameStart(tokens: string[]): number {
  const lead = readUnit(tokens, 0);
  let i = lead && startsWithHouseNumber(tokens.slice(lead.next)) ? lead.next : 0;
  if (startsWithHouseNumber(tokens.slice(i))) i++;
  return i;
}

/** Where the units that start at `i` end, leaving at least one word for the city. */
function unitsFrom(tokens: string[], i: number): number {
  let end = i;
  for (let read = readUnit(tokens, end, true); read && read.next < tokens.length; read = readUnit(tokens, end)) end = read.next;
  return end;
}

/** Where the street ends and the city begins in a line written without commas. */
export function splitStreetCity(tokens: string[], state: string, isCity: IsCity | undefined): [string[], string[]] {
  const start = nameStart(tokens);
  if (isCity) {
    for (let words = Math.min(4, tokens.length - start - 1); words >= 1; words--) {
      if (knownCity(tokens.slice(-words), state, isCity)) return [tokens.slice(0, -words), tokens.slice(-words)];
    }
  }
  // Without a known city: the street ends after its suffix (one not followed by another), post-directional and units;
  // or, without suffix, after a unit ("88 N Clark 1203 Chicago").
  for (let i = start + 1; i < tokens.length - 1; i++) {
    const token = tokens[i]!;
    if ((SUFFIXES.has(token) || misspeltSuffix(token)) && !SUFFIXES.has(tokens[i + 1]!)) {
      const next = tokens[i + 1]!;
      const end = next.length === 2 && DIRECTIONALS.has(next) && i + 2 < tokens.length ? i + 2 : i + 1;
      const split = unitsFrom(tokens, end);
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
    // "SE Atlanta" is a post-directional; "North Miami" and "E Lansing" are cities.
    if (i === 0 && DIRECTIONALS.has(token) && (token.length === 2 || (token.length === 1 && knownFrom(segment, 1, state, isCity)))) {
      i++;
      continue;
    }
    const read = readUnit(segment, i, true);
    if (!read || read.next >= segment.length || (!read.unit.number && !knownFrom(segment, read.next, state, isCity))) break;
    i = read.next;
  }
  return [segment.slice(0, i), segment.slice(i)];
}
