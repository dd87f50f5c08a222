/**
 * How a home's facts read, in one place: the dashboard's pages (lib/services/homes/dto maps the property summary
 * through these) and the property report the embedded service renders (lib/sandbox/report) say the same thing the same
 * way. Pure functions of the spec's values; nothing here fetches or knows of Next.js.
 */

export const NOT_AVAILABLE = "Not available";

const grouped = new Intl.NumberFormat("en-US");
const number = (value: number) => grouped.format(value);
const sentenceCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();

/** The count and its noun, singular for one: "1 garage space", "2 garage spaces", "0 garage spaces". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${number(count)} ${count === 1 ? singular : plural}`;
}

const PROPERTY_TYPES: Record<string, string> = {
  SFR: "Single family residence",
  TOWNHOUSE: "Townhouse",
  CONDOMINIUM: "Condominium",
};

/**
 * The property type from the summary's `proptype` code (the data set's `kind`). The summary's `propclass` is a
 * land-use class that files houses and townhouses together ("Single Family Residence / Townhouse"), so it is only
 * the fallback for a code this table does not know.
 */
export function propertyTypeLabel(proptype: string, propclass = ""): string {
  const known = PROPERTY_TYPES[proptype.trim().toUpperCase()];
  if (known) return known;
  const text = (propclass || proptype).trim();
  return text ? sentenceCase(text) : NOT_AVAILABLE;
}

export const areaLabel = (sqft: number) => `${number(sqft)} sq ft`;

export const lotLabel = (sqft: number) => `${areaLabel(sqft)} (${(sqft / 43_560).toFixed(2)} acres)`;

/**
 * Bedrooms, or "Not available" when the source has no count: the spec's property summary has none (its
 * `building.rooms` holds bath counts only), so pages reading the summary pass `null`.
 */
export const bedroomsLabel = (bedrooms: number | null | undefined) =>
  bedrooms === null || bedrooms === undefined ? NOT_AVAILABLE : String(bedrooms);

/** "2 full, 1 half"; "2 full" when there is no half bath. */
export const bathroomsLabel = (full: number, half: number) =>
  half > 0 ? `${full} full, ${half} half` : `${full} full`;

/**
 * Garage spaces, the way the summary counts parking (`prkgSpaces`): "No garage", "1 garage space", "2 garage spaces".
 */
export const garageLabel = (spaces: number) => (spaces > 0 ? countOf(spaces, "garage space") : "No garage");
