import Papa from "papaparse";
import { parseAddress } from "@/lib/address/parse";
import { streetLine } from "@/lib/address/format";
import { isStateCode } from "@/lib/address/tables";
import type { NormalizedAddressDto } from "@/lib/services/dto";

export interface BatchRow {
  line: number;
  input: string;
  request?: { street: string; city: string; state: string; zip: string };
  result?: NormalizedAddressDto;
  error?: string;
}

/** The two letters written where a line's state goes ("…, ZZ 00000", "…,ZZ"), whatever they are. */
const STATE_AT_END = /(?:^|[\s,])([A-Za-z]{2})(?:[\s,]+\d{5}(?:-\d{4})?)?\s*$/;
const noSuchState = (state: string) => `The state “${state}” does not exist: write a US state's two-letter code, such as AZ for Arizona.`;

const STREET_COLUMNS = new Set(["street", "address", "street address", "address1", "address 1"]);
const PLACE_COLUMNS = new Set(["city", "state", "zip", "zip code", "zipcode", "postal code"]);

/** A header names columns: a street column and a city, state or ZIP column, each cell a bare name. */
export function isHeader(cells: string[]): boolean {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  return names.some((name) => STREET_COLUMNS.has(name)) && names.some((name) => PLACE_COLUMNS.has(name));
}

/** Rows of `street, city, state zip` lines (the ZIP code may be missing, as in a single lookup), or CSV with street, city, state and zip columns. */
export function readRows(text: string): BatchRow[] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const rows = parsed.data.filter((cells, i) => !(i === 0 && isHeader(cells)));
  return rows.map((raw, i) => {
    const cells = raw.map((cell) => cell.trim());
    const line = i + 1;
    const input = cells.filter(Boolean).join(", ");
    if (cells.length >= 4 && cells.slice(0, 4).every(Boolean)) {
      const [street, city, state, zip] = cells as [string, string, string, string];
      if (/^[A-Za-z]{2}$/.test(state) && !isStateCode(state.toUpperCase())) return { line, input, error: noSuchState(state) };
      return { line, input, request: { street, city, state, zip } };
    }
    const parts = parseAddress(input);
    if (!parts.name || !parts.city || !parts.state) {
      const state = STATE_AT_END.exec(input)?.[1];
      if (state && !isStateCode(state.toUpperCase())) return { line, input, error: noSuchState(state) };
      return { line, input, error: "Could not read a street, city and state (and ZIP code) in this line." };
    }
    return { line, input, request: { street: streetLine(parts), city: parts.city, state: parts.state, zip: parts.zip } };
  });
}

/** Only a deliverable address (DPV Y or S) counts as standardized; the rest were read but not confirmed. */
export function outcomeOf(row: BatchRow): "confirmed" | "not-confirmed" | "error" {
  if (row.error || !row.result?.ok) return "error";
  return row.result.deliverability.code === "Y" || row.result.deliverability.code === "S" ? "confirmed" : "not-confirmed";
}

export function summarize(rows: BatchRow[]): string {
  const count = (outcome: ReturnType<typeof outcomeOf>) => rows.filter((row) => outcomeOf(row) === outcome).length;
  const unconfirmed = count("not-confirmed");
  return `${count("confirmed")} standardized, ${unconfirmed ? `${unconfirmed} not confirmed, ` : ""}${count("error")} with errors.`;
}
