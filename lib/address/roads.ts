/**
 * Roads named by number or letter: "US Highway 1", "State Road 84", "FM 1960", "County Road Y", "Hwy 71 Bus". The whole
 * is the street's name (Publication 28 keeps "STATE ROAD 84"), with no suffix.
 */
import { DIRECTIONALS, LEADING_TYPES } from "./tables";

const ROAD_NUMBER = /^\d+[A-Z]?$/;
export const HIGHWAY_WORDS = new Set([
  "HIGHWAY",
  "HWY",
  "HWAY",
  "HIWAY",
  "HIWY",
  "HIGHWY",
  "HGWY",
  "HGHWY",
  "HIGWAY",
  "ROUTE",
  "RTE",
  "RT",
]);
const HIGHWAY_QUALIFIERS = new Map([
  ["US", "US"],
  ["STATE", "STATE"],
  ["COUNTY", "COUNTY"],
  ["CO", "COUNTY"],
  ["CTY", "COUNTY"],
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
/** What a numbered route's variant is called after its number, spelled out: "Hwy 71 Bus" is HIGHWAY 71 BUSINESS. */
const ROUTE_VARIANTS: ReadonlyMap<string, string> = new Map([
  ["BUSINESS", "BUSINESS"],
  ["BUS", "BUSINESS"],
  ["BYPASS", "BYPASS"],
  ["BYP", "BYPASS"],
  ["ALTERNATE", "ALTERNATE"],
  ["ALT", "ALTERNATE"],
  ["SPUR", "SPUR"],
]);
/** Words after which a number is part of the street's name, not a unit: "FM 2222", "Calle 5", "County Road 12". */
const NAMES_BEFORE_NUMBER = new Set([
  ...HIGHWAY_WORDS,
  ...ROAD_ABBREVIATIONS.keys(),
  "FM",
  "CALLE",
  "CARR",
  "AVENIDA",
  "INTERSTATE",
]);
/** Whether the number at `i` belongs to the street's name: "Highway 6", "FM 2222", "County Road 12", "Calle 5". */
export function isNameNumber(tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1] ?? "";
  if (NAMES_BEFORE_NUMBER.has(before)) return true;
  return (before === "ROAD" || before === "RD") && HIGHWAY_QUALIFIERS.has(tokens[i - 2] ?? "");
}

const COUNTY_ROAD_WORDS = new Set(["ROAD", "RD", "HIGHWAY", "HWY", "TRUNK"]);

/**
 * The number of a numbered road at `i`, or the letters of a county road: Wisconsin's "County Road Y", "County Hwy PP".
 */
export function isRoadNumber(tokens: readonly string[], i: number): boolean {
  const token = tokens[i] ?? "";
  if (ROAD_NUMBER.test(token)) return isNameNumber(tokens, i);
  const letters = /^[A-Z]{1,2}$/.test(token) && !(token.length === 2 && DIRECTIONALS.has(token));
  return (
    letters && COUNTY_ROAD_WORDS.has(tokens[i - 1] ?? "") && HIGHWAY_QUALIFIERS.get(tokens[i - 2] ?? "") === "COUNTY"
  );
}

/** "Highway 71 Business", "US 17 Bypass": the route's variant is its name's; "US 401 Hwy S" says the highway twice. */
function routeEnd(tokens: readonly string[], i: number): number {
  const afterVariant = ROUTE_VARIANTS.has(tokens[i] ?? "") ? i + 1 : i;
  return HIGHWAY_WORDS.has(tokens[afterVariant] ?? "") ? afterVariant + 1 : afterVariant;
}

/**
 * Where a numbered road whose number is at `i` ends ("US 17 Business |"), before its post-directional; -1 if none is.
 */
export function numberedRoadEnd(tokens: readonly string[], i: number): number {
  return isRoadNumber(tokens, i) ? routeEnd(tokens, i + 1) : -1;
}

/**
 * "US Highway 1", "State Hwy 71 N", "Old Highway 8", "County Rd 12", "CR 12": numbered roads keep the number in the
 * name.
 */
export function parseNumberedRoad(
  tokens: readonly string[],
): { name: string; preDirectional: string; postDirectional: string } | undefined {
  const at = tokens.findIndex((t, i) => isRoadNumber(tokens, i + 1) && !LEADING_TYPES.has(t));
  if (at < 0) return undefined;
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
  const before = tokens.slice(start, qualified ? at - 1 : at);
  const qualifier = qualified ? [HIGHWAY_QUALIFIERS.get(tokens[at - 1]!)!] : [];
  const variant = ROUTE_VARIANTS.get(tokens[at + 2] ?? "");
  return {
    name: [...before, ...qualifier, word, tokens[at + 1], ...(variant ? [variant] : [])].join(" "),
    preDirectional: start ? DIRECTIONALS.get(tokens[0]!)! : "",
    postDirectional: DIRECTIONALS.get(tokens[routeEnd(tokens, at + 2)] ?? "") ?? "",
  };
}
