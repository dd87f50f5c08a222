import table from "./data/zip-codes.json";
import type { ParseOptions } from "./parse";

export interface ZipCode {
  zip: string;
  city: string;
  state: string;
  county: string;
  countyFips: string;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. America/Phoenix. */
  ianaZone: string;
}

type Row = [string, string, string, string, string, number, number, string];

const byZip = new Map<string, ZipCode>();
const byCityState = new Map<string, ZipCode[]>();
const citiesByState = new Map<string, Set<string>>();
// The words city names begin with ("LAKE" of Lake Stevens), and every word of any city's name: enough to tell whether
// the words after a street's type can start a city the table does not hold ("Lake Forest Park").
const firstCityWords = new Set<string>();
const cityNameWords = new Set<string>();

for (const [zip, city, state, county, countyFips, latitude, longitude, ianaZone] of table.rows as Row[]) {
  const entry = { zip, city, state, county, countyFips, latitude, longitude, ianaZone };
  byZip.set(zip, entry);
  const key = `${city.toUpperCase()}|${state}`;
  byCityState.set(key, [...(byCityState.get(key) ?? []), entry]);
  if (!citiesByState.has(state)) citiesByState.set(state, new Set());
  citiesByState.get(state)!.add(city.toUpperCase());
  const [first = "", ...others] = city.toUpperCase().split(" ");
  firstCityWords.add(first);
  for (const word of [first, ...others]) cityNameWords.add(word);
}

export function zipCode(zip: string): ZipCode | undefined {
  return byZip.get(zip);
}

/** The ZIP codes of a city (upper-case name) in a state. */
export function zipsOfCity(city: string, state: string): readonly ZipCode[] {
  return byCityState.get(`${city}|${state}`) ?? [];
}

/** Upper-case city names of a state. */
export function citiesOf(state: string): ReadonlySet<string> {
  return citiesByState.get(state) ?? new Set();
}

export function isCity(city: string, state: string): boolean {
  if (state) return citiesOf(state).has(city);
  for (const cities of citiesByState.values()) if (cities.has(city)) return true;
  return false;
}

/**
 * Whether words could name a city the table does not hold: the first begins a city's name somewhere, and the others are
 * words of some city's name ("LAKE FOREST PARK", "MILL CREEK"; not "DR SPRINGFIELD"). Towns are named after towns in
 * other states, so every state's names count.
 */
export function startsCity(words: readonly string[]): boolean {
  return words.length > 0 && firstCityWords.has(words[0]!) && words.every((word) => cityNameWords.has(word));
}

/** The state of a ZIP code the table holds. */
export function stateOfZip(zip: string): string | undefined {
  return byZip.get(zip)?.state;
}

/** The cities the table names for a ZIP code (upper case): this table has one to a ZIP code. */
export function citiesOfZip(zip: string): readonly string[] {
  const city = byZip.get(zip)?.city;
  return city ? [city.toUpperCase()] : [];
}

/**
 * What the parser knows from the ZIP table: city names, the state a ZIP code is in when none is written, and the city a
 * ZIP code names.
 */
export const zipTableOptions: ParseOptions = { isCity, startsCity, stateOfZip, citiesOfZip };
