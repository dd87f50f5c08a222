import type { VerifyHomeownerResponse } from "@/lib/property-api";
import nicknames from "./data/nicknames.json";
import type { Property } from "./dataset";
import type { Person } from "./dataset/types";

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

/** Last names compare without spaces ("DE LA CRUZ" = "DELACRUZ"); a hyphenated name matches either half. */
function lastNameScore(given: string, recorded: string): number {
  const a = given.replace(/[\s]/g, "");
  const b = recorded.replace(/[\s]/g, "");
  if (a === b) return 1;
  const partsA = a.split("-");
  const partsB = b.split("-");
  if (partsA.some((part) => partsB.includes(part))) return 0.85;
  return 0;
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

/**
 * How likely a named applicant is this recorded person: the last name must agree (1, or 0.85 for one half of a
 * hyphenated name); then an exact first name gives 1, a nickname 0.9, a matching initial 0.6, anything else leaves
 * only the low score of a shared family name.
 */
export function nameScore(firstName: string, lastName: string, owner: Person): number {
  const firsts = words(firstName);
  const lastWords = words(lastName).join(" ");
  const last = lastNameScore(lastWords, owner.last);
  if (last === 0) return 0;
  const first = firstNameScore(firsts[0] ?? "", owner.first);
  return Math.round(last * (0.3 + 0.7 * first) * 1000) / 1000;
}

/** The people behind a property's owners: persons themselves, and the trustees of a trust. Companies have none. */
export function peopleOf(property: Property): Person[] {
  return property.owners.flatMap((owner) => (owner.kind === "person" ? [owner] : owner.kind === "trust" ? owner.trustees : []));
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
        : [{ lastname: owner.name, firstnameandmi: "" }, ...owner.trustees.map((t) => ({ lastname: t.last, firstnameandmi: [t.first, t.middle].filter(Boolean).join(" ") }))],
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
