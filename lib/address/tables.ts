import pub28 from "./data/usps-pub28.json";

interface UnitDesignator {
  abbreviation: string;
  requiresNumber: boolean;
}

/** Every spelling Publication 28 knows (full word, common variants, the abbreviation itself) → standard form. */
export const SUFFIXES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(pub28.streetSuffixes),
  // Spellings people type that Appendix C1 does not list ("Veterans Hgwy", "Ocean Bvd."), as HIGHWAY_WORDS reads a
  // numbered road's.
  ["HGWY", "HWY"],
  ["HGHWY", "HWY"],
  ["HIGWAY", "HWY"],
  ["BVD", "BLVD"],
  ["BLV", "BLVD"],
  ["PRKWY", "PKWY"],
  ["PKW", "PKWY"],
]);

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
  ["FLR", { abbreviation: "FL", requiresNumber: true }],
  ["FLOORS", { abbreviation: "FL", requiresNumber: true }],
  ["BLD", { abbreviation: "BLDG", requiresNumber: true }],
  ["LT", { abbreviation: "LOT", requiresNumber: true }],
  ["SP", { abbreviation: "SPC", requiresNumber: true }],
  ["BSMNT", { abbreviation: "BSMT", requiresNumber: false }],
  // Not a Publication 28 designator: its number stays, under the unknown designator ("Flat 2" is # 2).
  ["FLAT", { abbreviation: pub28.unknownUnitDesignator, requiresNumber: true }],
  ["CONDO", { abbreviation: pub28.unknownUnitDesignator, requiresNumber: true }],
  // "Main St No 5": number 5 (with no number after it, "Ave No" is a post-directional).
  ["NO", { abbreviation: pub28.unknownUnitDesignator, requiresNumber: true }],
]);
/** Puerto Rico's street types lead the name: "Calle Luna", "Avenida Ponce de León" (AVE). */
export const LEADING_TYPES: ReadonlyMap<string, string> = new Map([
  ["CALLE", "CALLE"],
  ["AVENIDA", "AVE"],
  ["AVE", "AVE"],
  ["CARRETERA", "CARR"],
  ["CARR", "CARR"],
  ["PASEO", "PASEO"],
]);
/**
 * Designators that only narrow a unit down: with a suite or room beside them, Publication 28 keeps the suite or room.
 */
export const BROAD_UNITS: ReadonlySet<string> = new Set(["FL", "BLDG"]);
export const UNKNOWN_UNIT = pub28.unknownUnitDesignator;

const stateCodes = new Set(Object.values(pub28.states));
/** State names, informal spellings and the codes themselves → two-letter code. */
export const STATES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(pub28.states),
  // "N Carolina", "W Virginia"
  ...Object.entries(pub28.states).flatMap(([name, code]) => {
    const [first = "", ...rest] = name.split(" ");
    const letter = ({ NORTH: "N", SOUTH: "S", WEST: "W" } as Record<string, string>)[first];
    return letter && rest.length ? [[`${letter} ${rest.join(" ")}`, code] as const] : [];
  }),
  ...Object.entries(pub28.stateInformalSpellings),
  ...[...stateCodes].map((code) => [code, code] as const),
]);
/** States whose ZIP codes begin with 0, which spreadsheets drop ("Portland, ME 4101"). */
export const ZERO_ZIP_STATES: ReadonlySet<string> = new Set([
  "CT",
  "MA",
  "ME",
  "NH",
  "NJ",
  "RI",
  "VT",
  "PR",
  "VI",
  "AE",
]);
/** Full state and territory names, for reading one typed with a typo ("Ilinois"). */
export const STATE_NAMES: ReadonlyMap<string, string> = new Map(Object.entries(pub28.states));
/** The longest state spelling in words, so parsers know how far back to look. */
export const MAX_STATE_WORDS = Math.max(...[...STATES.keys()].map((name) => name.split(" ").length));

/**
 * Words that begin city names, spelled out the way the ZIP table and Publication 28 write the city: "ST PAUL" is
 * SAINT PAUL, "E LANSING" is EAST LANSING.
 */
export const CITY_PREFIXES: ReadonlyMap<string, string> = new Map([
  ["ST", "SAINT"],
  ["STE", "SAINTE"],
  ["FT", "FORT"],
  ["MT", "MOUNT"],
  ["PT", "POINT"],
  ["N", "NORTH"],
  ["S", "SOUTH"],
  ["E", "EAST"],
  ["W", "WEST"],
  ["NO", "NORTH"],
  ["SO", "SOUTH"],
]);

const UNITS_WORDS = [
  "ONE",
  "TWO",
  "THREE",
  "FOUR",
  "FIVE",
  "SIX",
  "SEVEN",
  "EIGHT",
  "NINE",
  "TEN",
  "ELEVEN",
  "TWELVE",
  "THIRTEEN",
  "FOURTEEN",
  "FIFTEEN",
  "SIXTEEN",
  "SEVENTEEN",
  "EIGHTEEN",
  "NINETEEN",
];
const TENS_WORDS = ["TWENTY", "THIRTY", "FORTY", "FIFTY", "SIXTY", "SEVENTY", "EIGHTY", "NINETY"];
/** House numbers written in words ("Two N LaSalle St"), one to ninety-nine. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...UNITS_WORDS.map((word, i) => [word, i + 1] as const),
  ...TENS_WORDS.map((word, i) => [word, (i + 2) * 10] as const),
]);

/** The suffixes people misspell ("Stret", "Aveune", "Blvrd"), by the word they meant. */
export const COMMON_SUFFIX_WORDS: ReadonlyMap<string, string> = new Map([
  ["STREET", "ST"],
  ["AVENUE", "AVE"],
  ["BOULEVARD", "BLVD"],
  ["BLVD", "BLVD"],
  ["DRIVE", "DR"],
  ["ROAD", "RD"],
  ["LANE", "LN"],
  ["COURT", "CT"],
  ["PLACE", "PL"],
  ["CIRCLE", "CIR"],
  ["TERRACE", "TER"],
  ["PARKWAY", "PKWY"],
  ["HIGHWAY", "HWY"],
  ["TRAIL", "TRL"],
  ["SQUARE", "SQ"],
  ["PLAZA", "PLZ"],
]);
/** The designators people misspell ("Apartmnet", "Sutie"). */
export const COMMON_UNIT_WORDS = ["APARTMENT", "SUITE", "BUILDING", "FLOOR", "DEPARTMENT"] as const;

export function isStateCode(code: string): boolean {
  return stateCodes.has(code);
}
