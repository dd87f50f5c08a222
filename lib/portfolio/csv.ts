import Papa from "papaparse";
import { formatPhone } from "@/lib/leads/rules";
import { streetLine } from "@/lib/address/format";
import { parseAddress } from "@/lib/address/parse";

/** The most rows one import takes: past it the whole file is refused, so nothing half-imports. */
export const MAX_IMPORT_ROWS = 2_000;

export const LOAN_TYPES = ["conventional", "fha", "va", "usda", "jumbo", "other"] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** One client as the officer gives it, read and checked; the address not yet standardized. */
export interface ClientInput {
  firstName: string;
  lastName: string;
  email: string | null;
  /** E.164 ("+15125550142"). */
  phone: string | null;
  address: { street: string; city: string; state: string; zip: string };
  loanBalance: number | null;
  noteRate: number | null;
  loanType: LoanType | null;
  closingDate: string | null;
  /** The loan's term in months (360 for 30 years). */
  termMonths: number | null;
  /** The loan's original amount, the home's value (or price) then, and whether it carries mortgage insurance. */
  originalLoanAmount: number | null;
  originalValue: number | null;
  mortgageInsurance: boolean | null;
}

export type ReadRow =
  { line: number; input: string; client: ClientInput } | { line: number; input: string; field: string; error: string };

// Header names people use, each to the field it means.
const COLUMNS: Record<string, string> = {
  name: "name",
  "full name": "name",
  client: "name",
  "client name": "name",
  "borrower name": "name",
  "first name": "firstName",
  first: "firstName",
  "last name": "lastName",
  last: "lastName",
  email: "email",
  "e-mail": "email",
  "email address": "email",
  phone: "phone",
  "phone number": "phone",
  telephone: "phone",
  cell: "phone",
  "cell phone": "phone",
  mobile: "phone",
  "mobile phone": "phone",
  "home phone": "phone",
  address: "address",
  "property address": "address",
  street: "street",
  "street address": "street",
  city: "city",
  state: "state",
  zip: "zip",
  "zip code": "zip",
  zipcode: "zip",
  "postal code": "zip",
  balance: "balance",
  "loan balance": "balance",
  "loan amount": "balance",
  rate: "rate",
  "note rate": "rate",
  "interest rate": "rate",
  type: "type",
  "loan type": "type",
  "closing date": "closingDate",
  closed: "closingDate",
  "close date": "closingDate",
  // A term in months by the header's word, or read by its size under a plain "term" (see term()).
  term: "term",
  "loan term": "term",
  "term (months)": "termMonths",
  "term months": "termMonths",
  "term in months": "termMonths",
  "loan term (months)": "termMonths",
  "term (years)": "termYears",
  "term years": "termYears",
  "term in years": "termYears",
  "loan term (years)": "termYears",
  "original loan amount": "originalLoanAmount",
  "original amount": "originalLoanAmount",
  "original balance": "originalLoanAmount",
  "original value": "originalValue",
  "appraised value": "originalValue",
  "purchase price": "originalValue",
  "sale price": "originalValue",
  "mortgage insurance": "mortgageInsurance",
  mi: "mortgageInsurance",
  pmi: "mortgageInsurance",
};

/**
 * A header as the COLUMNS read it: any case, `_` and `-` as spaces ("original_loan_amount", "Original Loan Amount").
 */
const headerKey = (name: string) => name.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class RowError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function money(field: string, text: string, example: string): number | null {
  if (!text) return null;
  const n = Number(text.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(n) || n < 0 || n > 100_000_000)
    throw new RowError(field, `must be an amount in dollars, such as ${example}`);
  return Math.round(n);
}

const YES = ["yes", "y", "true", "1"];
const NO = ["no", "n", "false", "0", "none"];
function yesNo(text: string): boolean | null {
  if (!text) return null;
  const said = text.trim().toLowerCase();
  if (YES.includes(said)) return true;
  if (NO.includes(said)) return false;
  throw new RowError("mortgageInsurance", "must be yes or no");
}

function rate(text: string): number | null {
  if (!text) return null;
  const n = Number(text.replace(/[%\s]/g, ""));
  if (!Number.isFinite(n) || n <= 0 || n > 25)
    throw new RowError("rate", "must be a note rate in percent, such as 6.875");
  return n;
}

function loanType(text: string): LoanType | null {
  if (!text) return null;
  const type = text.trim().toLowerCase();
  if (type === "conv") return "conventional";
  if (!(LOAN_TYPES as readonly string[]).includes(type))
    throw new RowError("type", `must be one of ${LOAN_TYPES.join(", ")}`);
  return type as LoanType;
}

function date(text: string): string | null {
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  const when = y ? new Date(`${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}T00:00:00Z`) : undefined;
  if (!when || Number.isNaN(when.getTime()) || when.getTime() > Date.now())
    throw new RowError("closingDate", "must be a past date, as 2021-06-30 or 6/30/2021");
  return when.toISOString().slice(0, 10);
}

function phone(text: string): string | null {
  if (!text) return null;
  const stored = formatPhone(text);
  if (!stored) throw new RowError("phone", "is not a phone number, such as (512) 555-0142");
  return stored;
}

/** A mortgage's term: a year to forty. */
const TERM_MONTHS = { min: 12, max: 480 };
const TERM_ERROR = "must be the loan's term in months (360) or years (30 years)";

/**
 * The loan's term in months. Under a header that names its unit the number is read in it ("term (years)": 30 is 360
 * months); a cell may name its own ("30 years", "360 mo"). A plain number under "term" is read by its size, as terms
 * are quoted: up to 40 is years, 60 and over months (a mortgage of 41 to 59 months is not one).
 */
function term(text: string, unit: "months" | "years" | "either"): number | null {
  if (!text) return null;
  const said = /^(\d+(?:\.\d+)?)\s*(years?|yrs?|y|months?|mos?|m)?$/i.exec(text.trim());
  if (!said) throw new RowError("termMonths", TERM_ERROR);
  const n = Number(said[1]);
  const written = said[2] ? (/^y/i.test(said[2]) ? "years" : "months") : unit;
  const inYears = written === "years" || (written === "either" && n <= 40);
  if (written === "either" && n > 40 && n < 60) throw new RowError("termMonths", TERM_ERROR);
  const months = inYears ? n * 12 : n;
  if (!Number.isInteger(months) || months < TERM_MONTHS.min || months > TERM_MONTHS.max)
    throw new RowError("termMonths", TERM_ERROR);
  return months;
}

function names(cells: Record<string, string>): { firstName: string; lastName: string } {
  if (cells.firstName || cells.lastName) {
    if (!cells.firstName || !cells.lastName) throw new RowError("name", "needs both a first and a last name");
    return { firstName: cells.firstName, lastName: cells.lastName };
  }
  const words = (cells.name ?? "").split(/\s+/).filter(Boolean);
  // "Lindqvist, Patrick" as well as "Patrick Lindqvist".
  if ((cells.name ?? "").includes(","))
    words.splice(0, words.length, ...(cells.name ?? "").split(",").reverse().join(" ").split(/\s+/).filter(Boolean));
  if (words.length < 2) throw new RowError("name", "needs a first and a last name");
  return { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1)! };
}

function address(cells: Record<string, string>): ClientInput["address"] {
  if (cells.street && cells.city && cells.state)
    return { street: cells.street, city: cells.city, state: cells.state, zip: cells.zip ?? "" };
  const line =
    cells.address ||
    [cells.street, cells.city, [cells.state, cells.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  if (!line) throw new RowError("address", "is required");
  const parts = parseAddress(line);
  if (!parts.name || !parts.city || !parts.state)
    throw new RowError("address", "could not be read as a street, city, state and ZIP code");
  return { street: streetLine(parts), city: parts.city, state: parts.state, zip: parts.zip };
}

function email(text: string): string | null {
  if (text && !EMAIL.test(text)) throw new RowError("email", "is not an email address");
  return text || null;
}

/** A client's wrong fields, each with its reason: a row lists every one at once. */
export class RowErrors extends Error {
  constructor(readonly problems: RowError[]) {
    super(problems.map((p) => `${p.field} ${p.message}`).join("; "));
  }
  get field() {
    return this.problems.map((p) => p.field).join(", ");
  }
}

/** One client's cells (by field name) checked; throws RowErrors naming every field at fault. */
export function readClient(cells: Record<string, string>): ClientInput {
  const problems: RowError[] = [];
  // Each field read on its own, so one wrong field does not hide the next.
  const read = <T>(fn: () => T): T | null => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      problems.push(error);
      return null;
    }
  };
  const name = read(() => names(cells));
  const client = {
    email: read(() => email(cells.email ?? "")),
    phone: read(() => phone(cells.phone ?? "")),
    address: read(() => address(cells)),
    loanBalance: read(() => money("balance", cells.balance ?? "", "245000")),
    noteRate: read(() => rate(cells.rate ?? "")),
    loanType: read(() => loanType(cells.type ?? "")),
    closingDate: read(() => date(cells.closingDate ?? "")),
    termMonths: read(() =>
      cells.termMonths
        ? term(cells.termMonths, "months")
        : cells.termYears
          ? term(cells.termYears, "years")
          : term(cells.term ?? "", "either"),
    ),
    originalLoanAmount: read(() => money("originalLoanAmount", cells.originalLoanAmount ?? "", "320000")),
    originalValue: read(() => money("originalValue", cells.originalValue ?? "", "400000")),
    mortgageInsurance: read(() => yesNo(cells.mortgageInsurance ?? "")),
  };
  if (
    !problems.length &&
    client.originalLoanAmount !== null &&
    client.originalValue !== null &&
    client.originalLoanAmount > client.originalValue * 1.1
  )
    problems.push(
      new RowError("originalLoanAmount", "is more than the original value: check the two columns are not swapped"),
    );
  if (problems.length || !name || !client.address) throw new RowErrors(problems);
  return { ...name, ...client, address: client.address };
}

/**
 * Reads a CSV of past clients with a header row (name or first and last name; email; address, or street, city,
 * state and zip; and when known phone, balance, rate, type, closing date and term). Each data row is read on its own: a row
 * with a problem says which field and why, and the others go on. Lines count from the header's 1.
 */
export function readClientsCsv(text: string): { rows: ReadRow[]; unknownColumns: string[] } | { error: string } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim(), { skipEmptyLines: "greedy" });
  const [header, ...data] = parsed.data;
  if (!header) return { error: "The file is empty: it needs a header row and one row per client." };
  // Own keys only: a column named "constructor" is not a field.
  const fields = header.map((name) => (Object.hasOwn(COLUMNS, headerKey(name)) ? COLUMNS[headerKey(name)] : undefined));
  const has = (field: string) => fields.includes(field);
  if (!(has("name") || (has("firstName") && has("lastName"))) || !(has("address") || has("street"))) {
    return {
      error:
        "The header row must name at least a name column (or first name and last name) and an address column (or street, city, state, zip).",
    };
  }
  const rows = data.map((raw, i): ReadRow => {
    const cells: Record<string, string> = {};
    raw.forEach((cell, j) => {
      const field = fields[j];
      if (field && cell.trim()) cells[field] = cell.trim();
    });
    const input = raw
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(", ");
    try {
      return { line: i + 2, input, client: readClient(cells) };
    } catch (error) {
      if (error instanceof RowErrors) return { line: i + 2, input, field: error.field, error: error.message };
      throw error;
    }
  });
  const unknownColumns = header.filter((_, j) => !fields[j]).map((name) => name.trim());
  return { rows, unknownColumns };
}

/** The person part of a client's identity: the name in capitals, single-spaced. */
export const personKeyOf = (c: Pick<ClientInput, "firstName" | "lastName">) =>
  `${c.firstName} ${c.lastName}`.trim().toUpperCase().replace(/\s+/g, " ");
