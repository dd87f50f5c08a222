import Papa from "papaparse";
import { parseAddress } from "@/lib/address/parse";
import { streetLine } from "@/lib/address/format";
import { isStateCode } from "@/lib/address/tables";
import type { NormalizedAddressDto } from "@/lib/services/homes/dto";

export interface BatchRow {
  line: number;
  input: string;
  request?: { street: string; city: string; state: string; zip: string };
  result?: NormalizedAddressDto;
  /** What the page says of a row that could not be sent or was refused, in the reader's language. */
  error?: string;
  /**
   * Why a line could not be read, for the page to say in its reader's language (see BatchLookup's `noSuchState`,
   * `unreadable`).
   */
  problem?: RowProblem;
}

export type RowProblem = { kind: "no_such_state"; state: string } | { kind: "unreadable" };

/** The two letters written where a line's state goes ("…, ZZ 00000", "…,ZZ"), whatever they are. */
const STATE_AT_END = /(?:^|[\s,])([A-Za-z]{2})(?:[\s,]+\d{5}(?:-\d{4})?)?\s*$/;
const noSuchState = (state: string): RowProblem => ({ kind: "no_such_state", state });

const STREET_COLUMNS = new Set(["street", "address", "street address", "address1", "address 1"]);
const PLACE_COLUMNS = new Set(["city", "state", "zip", "zip code", "zipcode", "postal code"]);

/** A header names columns: a street column and a city, state or ZIP column, each cell a bare name. */
export function isHeader(cells: string[]): boolean {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  return names.some((name) => STREET_COLUMNS.has(name)) && names.some((name) => PLACE_COLUMNS.has(name));
}

/**
 * Rows of `street, city, state zip` lines (the ZIP code may be missing, as in a single lookup), or CSV with street,
 * city, state and zip columns.
 */
export function readRows(text: string): BatchRow[] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const rows = parsed.data.filter((cells, i) => !(i === 0 && isHeader(cells)));
  return rows.map((raw, i) => {
    const cells = raw.map((cell) => cell.trim());
    const line = i + 1;
    const input = cells.filter(Boolean).join(", ");
    if (cells.length >= 4 && cells.slice(0, 4).every(Boolean)) {
      const [street, city, state, zip] = cells as [string, string, string, string];
      if (/^[A-Za-z]{2}$/.test(state) && !isStateCode(state.toUpperCase()))
        return { line, input, problem: noSuchState(state) };
      return { line, input, request: { street, city, state, zip } };
    }
    const parts = parseAddress(input);
    if (!parts.name || !parts.city || !parts.state) {
      const state = STATE_AT_END.exec(input)?.[1];
      if (state && !isStateCode(state.toUpperCase())) return { line, input, problem: noSuchState(state) };
      return { line, input, problem: { kind: "unreadable" } };
    }
    return {
      line,
      input,
      request: { street: streetLine(parts), city: parts.city, state: parts.state, zip: parts.zip },
    };
  });
}

/** Only a deliverable address (DPV Y or S) counts as standardized; the rest were read but not confirmed. */
export function outcomeOf(row: BatchRow): "confirmed" | "not-confirmed" | "error" {
  if (row.error || row.problem || !row.result?.ok) return "error";
  return row.result.deliverability.code === "Y" || row.result.deliverability.code === "S"
    ? "confirmed"
    : "not-confirmed";
}

/** How many rows came out each way, for the page's sentence ("2 standardized, 1 not confirmed, 1 with errors."). */
export function summarize(rows: BatchRow[]): { confirmed: number; unconfirmed: number; errors: number } {
  const count = (outcome: ReturnType<typeof outcomeOf>) => rows.filter((row) => outcomeOf(row) === outcome).length;
  return { confirmed: count("confirmed"), unconfirmed: count("not-confirmed"), errors: count("error") };
}
