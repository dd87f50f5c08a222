import type { AddressCheckDto } from "@/lib/services/dto";

/** What a person is told about the address they typed: only what the service confirmed is called confirmed. */
export type AddressVerdict =
  | { kind: "confirmed" }
  | { kind: "suggestion"; address: string }
  | { kind: "unit-needed"; building: AddressCheckDto }
  | { kind: "not-confirmed"; reason: string }
  | { kind: "unreadable"; reason: string }
  | { kind: "unchecked" };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/\.?$/, ".");
const withoutZip4 = (line: string) =>
  line
    .replace(/(\d{5})-\d{4}$/, "$1")
    .trim()
    .toLowerCase();

/** Why a deliverable-looking answer is not a home, from the service's codes (field-reference.md). */
function reasonOf(check: AddressCheckDto): string {
  const notes = check.deliverability.notes;
  if (notes.includes("Unit not recognized (and required)")) return "This building has no unit with that number.";
  if ((check.deliverability.code === "Y" || check.deliverability.code === "S") && check.found === false)
    return "The address exists, but no home is on record there.";
  if (notes.includes("House number missing") || notes.includes("Box number missing")) return "The house number is missing.";
  if (notes.includes("House number invalid")) return `${check.street.replace(/^\S+\s+/, "")} has no house number ${check.street.split(" ")[0]} on record.`;
  if (check.problems.includes("Address not found")) return "The street was not found in this city and ZIP code.";
  return "The address is not a deliverable address.";
}

export function addressVerdict(check: AddressCheckDto, typed: string): AddressVerdict {
  if (!check.ok) return { kind: "unreadable", reason: sentence(check.error ?? "the address could not be read") };
  const code = check.deliverability.code;
  if (code === "D") return { kind: "unit-needed", building: check };
  if ((code === "Y" || code === "S") && check.found === null) return { kind: "unchecked" };
  if ((code !== "Y" && code !== "S") || !check.found || check.deliverability.notes.includes("Unit not recognized (and required)")) {
    return { kind: "not-confirmed", reason: reasonOf(check) };
  }
  return withoutZip4(check.oneLine) === withoutZip4(typed) ? { kind: "confirmed" } : { kind: "suggestion", address: check.oneLine };
}

/** The address of one unit of a building the service named: "2451 E Oak St Apt 101, Phoenix, AZ 85008". */
export function withUnit(building: Pick<AddressCheckDto, "street" | "city" | "state" | "zip">, unit: string): string {
  const cleaned = unit.trim().replace(/^(apt|apartment|unit|#)\s*/i, "");
  return `${building.street} Apt ${cleaned}, ${building.city}, ${building.state} ${building.zip}`;
}
