import { misspeltUnit } from "./typos";
import { BROAD_UNITS, DIRECTIONALS, UNITS, UNKNOWN_UNIT } from "./tables";

export interface Unit {
  type: string;
  number: string;
  /** The designator as typed when it was a misspelling ("APARTMNET"). */
  misspelt?: string;
}

const ORDINAL = /^(\d+)(?:ST|ND|RD|TH)$/;
const FLOOR_WORDS = new Set(["FLOOR", "FL", "FLR", "FLOORS"]);
/** "6FL", "3RDFLR": a floor's number run into the word. */
const GLUED_FLOOR = /^(\d+)(?:ST|ND|RD|TH)?(?:FL|FLR)$/;
/** "Sixth Floor": floors written in words, first to twentieth. */
const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  [
    ...["FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "EIGHTH", "NINTH", "TENTH"],
    ...["ELEVENTH", "TWELFTH", "THIRTEENTH", "FOURTEENTH", "FIFTEENTH", "SIXTEENTH", "SEVENTEENTH", "EIGHTEENTH"],
    ...["NINETEENTH", "TWENTIETH"],
  ].map((word, i) => [word, i + 1]),
);
/** Words a designator without number carries: "Lower Level", "Upper Flat" (a Milwaukee duplex's), "Rear Unit". */
const LEVEL_WORDS = new Set(["LEVEL", "LVL", "FLAT"]);
const HAS_DIGIT = /\d/;
/** A designator run into its number: "STE200", "APT4B", "LT7". */
const GLUED = /^([A-Z]{2,4})(\d+[A-Z]?)$/;

/** What can follow a designator: "12", "4F", "C", "R-4", "3300E". */
export function isUnitId(token: string | undefined): token is string {
  if (!token) return false;
  if (/^[A-Z]$/.test(token)) return true;
  return /\d/.test(token) && /^[A-Z0-9]{1,6}$|^[A-Z0-9]{1,4}-[A-Z0-9]{1,4}$/.test(token) && !ORDINAL.test(token);
}

/** A unit number written without designator ("415 W Adams 14B"): an id with a digit. */
export const isBareUnitId = (token: string | undefined): token is string => isUnitId(token) && /\d/.test(token);

/**
 * Reads one unit at `tokens[i]`: "APT 5", "# 3", "STE200", "3RD FLR", "FLOOR 12", "REAR"; a bare "14B" when `bare`.
 * Returns the unit and where the next token starts.
 */
export function readUnit(tokens: readonly string[], i: number, bare = false): { unit: Unit; next: number } | undefined {
  const token = tokens[i];
  if (!token) return undefined;
  const after = tokens[i + 1];
  if (token === "#") {
    if (isUnitId(after)) return { unit: { type: UNKNOWN_UNIT, number: after }, next: i + 2 };
    // "# Apt 4", "# Lot 9": the sign stands before a designator that says more.
    return after && after !== "#" && UNITS.has(after) ? readUnit(tokens, i + 1, bare) : undefined;
  }
  const designator = UNITS.get(token);
  if (!designator && FLOOR_WORDS.has(after ?? "") && ORDINAL_WORDS.has(token))
    return { unit: { type: "FL", number: String(ORDINAL_WORDS.get(token)) }, next: i + 2 };
  if (!designator && HAS_DIGIT.test(token)) {
    const floor = token.endsWith("FL") || token.endsWith("FLR") ? GLUED_FLOOR.exec(token) : null;
    if (floor) return { unit: { type: "FL", number: floor[1]! }, next: i + 1 };
    const glued = GLUED.exec(token);
    const gluedType = glued && UNITS.get(glued[1]!);
    if (gluedType) return { unit: { type: gluedType.abbreviation, number: glued![2]! }, next: i + 1 };
    const ordinal = ORDINAL.exec(token);
    if (ordinal && FLOOR_WORDS.has(after ?? "")) return { unit: { type: "FL", number: ordinal[1]! }, next: i + 2 };
    // "88 Mill Rd, 204 B, Glen Ellyn": a number and its letter written apart, alone between commas, are one unit.
    if (
      bare &&
      /^\d+$/.test(token) &&
      /^[A-Z]$/.test(after ?? "") &&
      !DIRECTIONALS.has(after!) &&
      i + 2 === tokens.length
    )
      return { unit: { type: UNKNOWN_UNIT, number: token + after }, next: i + 2 };
    if (bare && isBareUnitId(token)) return { unit: { type: UNKNOWN_UNIT, number: token }, next: i + 1 };
    return undefined;
  }
  const misspelt = designator ? undefined : misspeltUnit(token);
  const type = designator?.abbreviation ?? misspelt;
  if (type) {
    const idAt = after === "#" ? i + 2 : i + 1;
    // "Fl 3rd": the floor's number as an ordinal.
    const ordinal = type === "FL" ? ORDINAL.exec(tokens[idAt] ?? "") : null;
    if (ordinal) return { unit: { type, number: ordinal[1]! }, next: idAt + 1 };
    if (isUnitId(tokens[idAt]))
      return { unit: { type, number: tokens[idAt]!, ...(misspelt && { misspelt: token }) }, next: idAt + 1 };
    if (designator && !designator.requiresNumber) return { unit: { type, number: "" }, next: noNumberEnd(tokens, i) };
  }
  return undefined;
}

/**
 * Where a designator without number at `i` ends: "Lower Level", "Upper Flat" and "Rear Unit" (a designator that wants a
 * number, with none after it) are one designator, LOWR, UPPR and REAR; "Rear Apt 2" is two.
 */
function noNumberEnd(tokens: readonly string[], i: number): number {
  const after = tokens[i + 1] ?? "";
  if (LEVEL_WORDS.has(after)) return i + 2;
  const next = tokens[i + 2];
  return UNITS.get(after)?.requiresNumber && next !== "#" && !isUnitId(next) ? i + 2 : i + 1;
}

/** Reads units from `tokens[start]` to the end; undefined unless every token is part of one. */
export function readUnits(tokens: readonly string[], start: number, bare = false): Unit[] | undefined {
  const units: Unit[] = [];
  for (let i = start; i < tokens.length;) {
    const read = readUnit(tokens, i, bare && units.length === 0);
    if (!read) return undefined;
    units.push(read.unit);
    i = read.next;
  }
  return units;
}

// A numbered unit names the door ("Apt 2 Rear" is APT 2); a floor or building only narrows it down.
const specificity = (unit: Unit) => (BROAD_UNITS.has(unit.type) ? 0 : unit.number ? 2 : 1);

/** With several units ("6th Floor, Room 612"), Publication 28 keeps the one that names the delivery point. */
export function mostSpecific(units: readonly Unit[]): Unit | undefined {
  let best: Unit | undefined;
  for (const unit of units) if (!best || specificity(unit) >= specificity(best)) best = unit;
  return best;
}
