import { addressKey } from "./format";
import { readAddress, type AddressParts, type Correction } from "./parse";
import { isCity, zipCode } from "./zip-codes";

/**
 * Parses and standardizes a one-line address, filling a missing city or state from its ZIP code. The result's key is
 * what the app caches and matches owners by, so every spelling of one address costs one billable call.
 */
export function standardize(line: string): { parts: AddressParts; key: string; corrections: Correction[] } {
  const { parts, corrections } = readAddress(line, { isCity });
  const zip = parts.zip ? zipCode(parts.zip) : undefined;
  if (zip && !parts.state) parts.state = zip.state;
  if (zip && !parts.city) parts.city = zip.city.toUpperCase();
  return { parts, key: addressKey(parts), corrections };
}
