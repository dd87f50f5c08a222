import { LRUCache } from "lru-cache";
import { addressKey } from "./format";
import { readAddress, type AddressParts, type Correction } from "./parse";
import { zipCode, zipTableOptions } from "./zip-codes";

/**
 * Parses and standardizes a one-line address, filling a missing city or state from its ZIP code. The result's key is
 * what the app caches and matches owners by, so every spelling of one address costs one billable call.
 */
export function standardize(line: string): Standardized {
  let known = remembered.get(line);
  if (!known) remembered.set(line, (known = read(line)));
  return known;
}

export interface Standardized {
  readonly parts: Readonly<AddressParts>;
  readonly key: string;
  readonly corrections: readonly Readonly<Correction>[];
}

// The same few addresses come back on every view (a homeowner's homes, read back from the service and keyed three
// times a page): parsing one is tens of microseconds, so the last few thousand answers are kept, frozen.
const remembered = new LRUCache<string, Standardized>({ max: 5_000 });

function read(line: string): Standardized {
  const { parts, corrections } = readAddress(line, zipTableOptions);
  const zip = parts.zip ? zipCode(parts.zip) : undefined;
  if (zip && !parts.state) parts.state = zip.state;
  if (zip && !parts.city) parts.city = zip.city.toUpperCase();
  return Object.freeze({
    parts: Object.freeze(parts),
    key: addressKey(parts),
    corrections: Object.freeze(corrections.map((c) => Object.freeze(c))),
  });
}
