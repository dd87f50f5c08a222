/** What the service's codes mean, in words (field-reference.md). Shared by the API's answers and the pages. */
export const DPV_MEANINGS: Record<string, string> = {
  Y: "Confirmed: the address is a deliverable address.",
  S: "Confirmed without its unit: the unit given was not recognized.",
  D: "Not confirmed yet: the building has several units, and the unit number is needed to find one home.",
  N: "Not confirmed: the address is not deliverable.",
  "": "Not looked up.",
};

export const DPV_FOOTNOTES: Record<string, string> = {
  AA: "Street, city, state and ZIP code are valid",
  A1: "No ZIP+4 match",
  BB: "All components confirmed",
  CC: "Unit not recognized (and not required)",
  C1: "Unit not recognized (and required)",
  N1: "The building needs a unit and none was given",
  M1: "House number missing",
  M3: "House number invalid",
  P1: "Box number missing",
  F1: "Military address",
  G1: "General delivery",
  U1: "Unique ZIP code",
  TA: "Matched by dropping a trailing letter",
  RR: "Private mailbox with its number",
  R1: "Private mailbox without its number",
};

export const FOOTNOTES: Record<string, string> = {
  A: "ZIP code corrected",
  B: "City or state spelling fixed",
  C: "City, state and ZIP code do not match",
  F: "Address not found",
  H: "Unit number missing",
  L: "A part of the address was changed",
  M: "Street spelling fixed",
  N: "Abbreviations standardized",
  S: "Unit not recognized",
  W: "Not a valid delivery address",
};

/** The footnote letters that say what was corrected; the others (C, F, H, S, W) say what is wrong. */
const CORRECTION_LETTERS = new Set(["A", "B", "L", "M", "N"]);

/** "AABB" → its two-letter codes explained. */
export const explainDpvFootnotes = (codes: string) =>
  (codes.match(/.{2}/g) ?? []).map((code) => DPV_FOOTNOTES[code] ?? code);
/**
 * "A#F#" → what was corrected (ZIP code corrected) and what is wrong (Address not found), each explained. With the
 * delivery point's code D, whose meaning already says the unit is needed, H ("Unit number missing") is not said again.
 */
export function splitFootnotes(codes: string, dpvMatchCode = ""): { corrections: string[]; problems: string[] } {
  const letters = [...codes.matchAll(/([A-Z])#/g)]
    .map(([, letter]) => letter!)
    .filter((letter) => !(letter === "H" && dpvMatchCode === "D"));
  const explain = (keep: boolean) =>
    letters.filter((l) => CORRECTION_LETTERS.has(l) === keep).map((l) => FOOTNOTES[l] ?? l);
  return { corrections: explain(true), problems: explain(false) };
}
