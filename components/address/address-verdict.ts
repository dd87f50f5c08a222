import type { AddressCheckDto } from "@/lib/services/homes/dto";

/**
 * Why a deliverable-looking answer is not a home, as a catalogue key of `AddressStatus` and its arguments (the
 * component writes the sentence in the reader's language).
 */
export type NotConfirmedReason =
  | { key: "reasonUnitUnknown" }
  | { key: "reasonNoHome" }
  | { key: "reasonHouseNumberMissing" }
  | { key: "reasonHouseNumberInvalid"; street: string; number: string }
  | { key: "reasonStreetNotFound" }
  | { key: "reasonUndeliverable" };

/**
 * What a person is told about the address they typed: only what the service confirmed is called confirmed. An
 * unreadable address's `reason` is the service's own sentence (English), absent when it gave none.
 */
export type AddressVerdict =
  | { kind: "confirmed" }
  | { kind: "suggestion"; address: string }
  | { kind: "unit-needed"; building: AddressCheckDto }
  | { kind: "not-confirmed"; reason: NotConfirmedReason }
  | { kind: "unreadable"; reason?: string }
  | { kind: "unchecked" };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/\.?$/, ".");
const withoutZip4 = (line: string) =>
  line
    .replace(/(\d{5})-\d{4}$/, "$1")
    .trim()
    .toLowerCase();

/** Why a deliverable-looking answer is not a home, from the service's codes (field-reference.md). */
function reasonOf(check: AddressCheckDto): NotConfirmedReason {
  const notes = check.deliverability.notes;
  if (notes.includes("Unit not recognized (and required)")) return { key: "reasonUnitUnknown" };
  if ((check.deliverability.code === "Y" || check.deliverability.code === "S") && check.found === false)
    return { key: "reasonNoHome" };
  if (notes.includes("House number missing") || notes.includes("Box number missing"))
    return { key: "reasonHouseNumberMissing" };
  if (notes.includes("House number invalid"))
    return {
      key: "reasonHouseNumberInvalid",
      street: check.street.replace(/^\S+\s+/, ""),
      number: check.street.split(" ")[0] ?? "",
    };
  if (check.problems.includes("Address not found")) return { key: "reasonStreetNotFound" };
  return { key: "reasonUndeliverable" };
}

export function addressVerdict(check: AddressCheckDto, typed: string): AddressVerdict {
  if (!check.ok) return check.error ? { kind: "unreadable", reason: sentence(check.error) } : { kind: "unreadable" };
  const code = check.deliverability.code;
  if (code === "D") return { kind: "unit-needed", building: check };
  if ((code === "Y" || code === "S") && check.found === null) return { kind: "unchecked" };
  if (
    (code !== "Y" && code !== "S") ||
    !check.found ||
    check.deliverability.notes.includes("Unit not recognized (and required)")
  ) {
    return { kind: "not-confirmed", reason: reasonOf(check) };
  }
  return withoutZip4(check.oneLine) === withoutZip4(typed)
    ? { kind: "confirmed" }
    : { kind: "suggestion", address: check.oneLine };
}

/** The address of one unit of a building the service named: "2451 E Oak St Apt 101, Phoenix, AZ 85008". */
export function withUnit(building: Pick<AddressCheckDto, "street" | "city" | "state" | "zip">, unit: string): string {
  const cleaned = unit.trim().replace(/^(apt|apartment|unit|#)\s*/i, "");
  return `${building.street} Apt ${cleaned}, ${building.city}, ${building.state} ${building.zip}`;
}
