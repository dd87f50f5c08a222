import { addressKey, streetLine, type AddressParts } from "@/lib/address";
import { DEFAULT_SEED, generateDataset } from "./generate";
import type { Dataset, Property, Sale } from "./types";

export type { Dataset, Property } from "./types";
export { AS_OF } from "./history";

export interface IndexedDataset extends Dataset {
  byId: Map<number, Property>;
  /** Standardized one-line address (upper case, no ZIP+4) → property. */
  byKey: Map<string, Property>;
  /** Building street line and ZIP → its units, for addresses that need a unit. */
  buildings: Map<string, Property[]>;
  /** Street name and ZIP → the house numbers on it, to tell a bad number on a known street. */
  streets: Map<string, Set<string>>;
  /** The named streets of each ZIP, to recognize a street written with a typo or without its directional. */
  streetsByZip: Map<string, StreetName[]>;
  /** Sales by ZIP, newest first, with the property sold: the pool of comparables. */
  salesByZip: Map<string, { property: Property; sale: Sale }[]>;
}

export type StreetName = Pick<AddressParts, "preDirectional" | "name" | "suffix" | "postDirectional">;

export const buildingKey = (parts: AddressParts) => `${streetLine(parts, { unit: false })}|${parts.zip}`;
export const streetKey = (parts: AddressParts) =>
  `${[parts.preDirectional, parts.name, parts.suffix, parts.postDirectional].filter(Boolean).join(" ")}|${parts.zip}`;

function index(dataset: Dataset): IndexedDataset {
  const indexed: IndexedDataset = {
    ...dataset,
    byId: new Map(),
    byKey: new Map(),
    buildings: new Map(),
    streets: new Map(),
    streetsByZip: new Map(),
    salesByZip: new Map(),
  };
  for (const property of dataset.properties) {
    indexed.byId.set(property.id, property);
    indexed.byKey.set(addressKey(property.address), property);
    if (property.buildingKey) {
      const key = buildingKey(property.address);
      indexed.buildings.set(key, [...(indexed.buildings.get(key) ?? []), property]);
    }
    const street = streetKey(property.address);
    if (!indexed.streets.has(street)) {
      indexed.streets.set(street, new Set());
      const { preDirectional, name, suffix, postDirectional, zip } = property.address;
      indexed.streetsByZip.set(zip, [
        ...(indexed.streetsByZip.get(zip) ?? []),
        { preDirectional, name, suffix, postDirectional },
      ]);
    }
    indexed.streets.get(street)!.add(property.address.number);
    const sales = indexed.salesByZip.get(property.address.zip) ?? [];
    for (const sale of property.sales) if (!sale.interFamily) sales.push({ property, sale });
    indexed.salesByZip.set(property.address.zip, sales);
  }
  for (const sales of indexed.salesByZip.values()) sales.sort((a, b) => b.sale.date.localeCompare(a.sale.date));
  return indexed;
}

const cache = new Map<string, IndexedDataset>();

/** The data set for a seed, built once per process. */
export function getDataset(seed = DEFAULT_SEED): IndexedDataset {
  let dataset = cache.get(seed);
  if (!dataset) {
    dataset = index(generateDataset(seed));
    cache.set(seed, dataset);
  }
  return dataset;
}
