import Papa from "papaparse";

// What spreadsheets read as the start of a formula (OWASP "CSV injection"): =, +, -, @, and tab or carriage
// return, which some spreadsheets skip before looking for one.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell that a spreadsheet shows as text: anything starting like a formula gets a leading single quote. Numbers,
 * and text that is only a number such as "-12.5", stay as they are: a spreadsheet reads them as numbers, not formulas.
 */
export function csvCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Rows of named cells as CSV (header from the first row's keys), every cell made safe to open in a spreadsheet. */
export function toCsv(rows: Record<string, string | number | null | undefined>[]): string {
  return Papa.unparse(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, csvCell(value)]))),
  );
}
