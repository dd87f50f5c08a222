import pub28 from "./data/usps-pub28.json";

interface UnitDesignator {
  abbreviation: string;
  requiresNumber: boolean;
}

/** Every spelling Publication 28 knows (full word, common variants, the abbreviation itself) → standard form. */
export const SUFFIXES: ReadonlyMap<string, string> = new Map(Object.entries(pub28.streetSuffixes));
export const STANDARD_SUFFIXES: ReadonlySet<string> = new Set(SUFFIXES.values());

export const DIRECTIONALS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(pub28.directionals),
  ...Object.values(pub28.directionals).map((abbr) => [abbr, abbr] as const),
]);

const unitEntries = Object.entries(pub28.secondaryUnits as Record<string, UnitDesignator>);
/** Unit designators by full name and by abbreviation. */
export const UNITS: ReadonlyMap<string, UnitDesignator> = new Map([
  ...unitEntries,
  ...unitEntries.map(([, unit]) => [unit.abbreviation, unit] as const),
  // Spellings people type that Appendix C2 does not list.
  ["APPT", { abbreviation: "APT", requiresNumber: true }],
  ["APTS", { abbreviation: "APT", requiresNumber: true }],
  ["SUIT", { abbreviation: "STE", requiresNumber: true }],
]);
export const UNKNOWN_UNIT = pub28.unknownUnitDesignator;

const stateCodes = new Set(Object.values(pub28.states));
/** State names, informal spellings and the codes themselves → two-letter code. */
export const STATES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(pub28.states),
  ...Object.entries(pub28.stateInformalSpellings),
  ...[...stateCodes].map((code) => [code, code] as const),
]);
/** The longest state spelling in words, so parsers know how far back to look. */
export const MAX_STATE_WORDS = Math.max(...[...STATES.keys()].map((name) => name.split(" ").length));

export function isStateCode(code: string): boolean {
  return stateCodes.has(code);
}
