import type { VerifyHomeownerResponse } from "@/lib/property-api";
import nicknames from "./data/nicknames.json";
import type { Property } from "./dataset";
import type { Person } from "./dataset/types";
import { distance as editDistance } from "fastest-levenshtein";

/** A score at or above this verifies the applicant as an owner. */
export const VERIFIED_THRESHOLD = 0.8;

const GENERATIONAL = new Set(["JR", "SR", "II", "III", "IV", "V"]);

/** Nickname → formal names it may stand for (Alex is Alexander or Alexandra). */
const FORMAL = new Map<string, Set<string>>();
for (const [formal, shorts] of Object.entries(nicknames.names)) {
  for (const name of [formal, ...shorts]) {
    if (!FORMAL.has(name)) FORMAL.set(name, new Set());
    FORMAL.get(name)!.add(formal);
  }
}

function words(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[.'’]/g, "")
    .split(/[^A-Z-]+/)
    .filter((word) => word && !GENERATIONAL.has(word));
}

/**
 * Last names compare without spaces and punctuation ("De La Cruz" = "DELACRUZ", "O'Brien" = "OBRIEN"); one half of
 * a hyphenated or compound name scores 0.85; a one-letter typo in a long name 0.8.
 */
function lastNameScore(given: string[], recorded: string): number {
  const a = given.join("").replace(/-/g, "");
  const b = recorded.replace(/[\s-]/g, "");
  if (a === b) return 1;
  const partsA = given.flatMap((word) => word.split("-"));
  const partsB = recorded.split(/[\s-]+/);
  if (partsA.some((part) => part.length > 1 && partsB.includes(part))) return 0.85;
  if (a.length >= 5 && (editDistance(a, b) === 1 || isTransposition(a, b))) return 0.8;
  return 0;
}

/** Two neighbouring letters swapped: "SMIHT" for "SMITH". */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
  return (
    differ.length === 2 &&
    differ[1] === differ[0]! + 1 &&
    a[differ[0]!] === b[differ[1]!] &&
    a[differ[1]!] === b[differ[0]!]
  );
}

function firstNameScore(given: string, recorded: string): number {
  if (!given || !recorded) return 0;
  if (given === recorded) return 1;
  const formalA = FORMAL.get(given) ?? new Set([given]);
  const formalB = FORMAL.get(recorded) ?? new Set([recorded]);
  for (const name of formalA) if (formalB.has(name)) return 0.9;
  if (given.length === 1 && recorded.startsWith(given)) return 0.6;
  if (recorded.length === 1 && given.startsWith(recorded)) return 0.6;
  return 0;
}

function scoreOrdered(firstWords: string[], lastWords: string[], owner: Person): number {
  const last = lastNameScore(lastWords, owner.last);
  if (last === 0) return 0;
  const [first = "", middle = ""] = firstWords;
  let score = last * (0.3 + 0.7 * firstNameScore(first, owner.first));
  // A middle initial that contradicts the record costs a little; one that agrees costs nothing.
  if (middle && owner.middle && middle[0] !== owner.middle[0]) score *= 0.9;
  return score;
}

/**
 * How likely a named applicant is this recorded person, from 0 to 1. Calibrated so that an exact name scores 1, a
 * nickname 0.93 ("Bob" for ROBERT), a first initial 0.72, one half of a hyphenated last name 0.85, a shared last name
 * alone 0.3 and a stranger 0. Names given in the other order ("SMITH ROBERT") score 95% of the same; joint first names
 * ("John & Mary") score the better of the two.
 */
export function nameScore(firstName: string, lastName: string, owner: Person): number {
  const lastWords = words(lastName);
  const firstNames = firstName
    .toUpperCase()
    .split(/\s*(?:&|\bAND\b|\+|\/)\s*/)
    .map(words)
    .filter((w) => w.length);
  let best = 0;
  for (const firstWords of firstNames.length ? firstNames : [[]]) {
    best = Math.max(
      best,
      scoreOrdered(firstWords, lastWords, owner),
      0.95 * scoreOrdered(lastWords, firstWords, owner),
    );
  }
  return Math.round(best * 1000) / 1000;
}

/** The people behind a property's owners: persons themselves, and the trustees of a trust. Companies have none. */
export function peopleOf(property: Property): Person[] {
  return property.owners.flatMap((owner) =>
    owner.kind === "person" ? [owner] : owner.kind === "trust" ? owner.trustees : [],
  );
}

export function verifyOwner(property: Property, firstName: string, lastName: string): VerifyHomeownerResponse {
  const people = peopleOf(property);
  let best = 0;
  let slot = 0;
  people.forEach((owner, i) => {
    const score = nameScore(firstName, lastName, owner);
    if (score > best) [best, slot] = [score, i + 1];
  });
  const names = property.owners
    .flatMap((owner) =>
      owner.kind === "person"
        ? [{ lastname: owner.last, firstnameandmi: [owner.first, owner.middle].filter(Boolean).join(" ") }]
        : [
            { lastname: owner.name, firstnameandmi: "" },
            ...owner.trustees.map((t) => ({
              lastname: t.last,
              firstnameandmi: [t.first, t.middle].filter(Boolean).join(" "),
            })),
          ],
    )
    .slice(0, 4);
  const slotOf = (i: number) => names[i] ?? {};
  return {
    "Owner Verification": {
      ownerID: property.id * 10 + slot,
      isVerified: best >= VERIFIED_THRESHOLD,
      matchScore: best,
      ownerOccupied: property.ownerOccupied,
      propertyType: "Residential",
      corporation: property.owners.some((owner) => owner.kind === "corporation"),
    },
    "Owner Names": { owner1: slotOf(0), owner2: slotOf(1), owner3: slotOf(2), owner4: slotOf(3) },
  };
}
