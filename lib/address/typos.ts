import {
  COMMON_SUFFIX_WORDS,
  COMMON_UNIT_WORDS,
  DIRECTIONALS,
  STATE_NAMES,
  SUFFIXES,
  UNITS,
  isStateCode,
} from "./tables";

/** True when `a` becomes `b` by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

const sameLetters = (a: string, b: string) => [...a].sort().join("") === [...b].sort().join("");

/**
 * One slip away from `word`, typed as `typed`. People get the first letter right, so a different first letter is
 * another word ("Broad" is not "Road"); four letters allow only two swapped ("Raod"), since one changed letter makes a
 * real word ("Lone", "Load").
 */
function slipOf(typed: string, word: string): boolean {
  if (typed[0] !== word[0] || typed.length < 4) return false;
  if (typed.length === 4) return typed.length === word.length && sameLetters(typed, word) && withinOneEdit(typed, word);
  return withinOneEdit(typed, word);
}

/** The standard suffix a misspelt suffix word stands for ("STRET" → ST), if it is one. */
export function misspeltSuffix(typed: string): string | undefined {
  for (const [word, standard] of COMMON_SUFFIX_WORDS) if (slipOf(typed, word)) return standard;
  return undefined;
}

/** The designator a misspelt unit word stands for ("APARTMNET" → APT), if it is one. */
export function misspeltUnit(typed: string): string | undefined {
  if (typed.length < 5) return undefined;
  const word = COMMON_UNIT_WORDS.find((candidate) => slipOf(typed, candidate));
  return word && UNITS.get(word)!.abbreviation;
}

// A lower-case l typed for an I, a zero for an O: "lL", "0H".
const LOOKALIKES: Record<string, string> = { L: "I", "1": "I", "0": "O" };

/**
 * Two-letter words a street line ends with ("Ln", "St", "Dr", "NE", "Fl"): one letter off a state, but no typo of one.
 */
const isStreetWord = (word: string) => SUFFIXES.has(word) || DIRECTIONALS.has(word) || UNITS.has(word);

/**
 * The state a mistyped state stands for: "LL" (from "lL") → IL, "ILINOIS" → IL. With the state of the address's ZIP
 * code, a two-letter code is read only as that state: "lN" is IN before 46204 and no state before 60614, and a code one
 * letter off that is no state and no street word is the ZIP's state ("CY 06103" is CT).
 */
export function misspeltState(typed: string, zipState?: string): string | undefined {
  if (typed.length === 2) {
    const codes = [0, 1]
      .filter((i) => LOOKALIKES[typed[i]!])
      .map((i) => (i === 0 ? LOOKALIKES[typed[0]!]! + typed[1] : typed[0] + LOOKALIKES[typed[1]!]!))
      .filter(isStateCode);
    if (!zipState) return codes.length === 1 ? codes[0] : undefined;
    if (codes.includes(zipState)) return zipState;
    const oneOff =
      !isStateCode(typed) && !isStreetWord(typed) && (typed[0] === zipState[0] || typed[1] === zipState[1]);
    return codes.length === 0 && oneOff ? zipState : undefined;
  }
  if (typed.length < 6) return undefined;
  for (const [name, code] of STATE_NAMES) if (slipOf(typed, name)) return code;
  return undefined;
}
