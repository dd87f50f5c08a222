import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PropertySummary } from "@/lib/property-api";
import { timeZoneInfo } from "@/lib/address/time-zones";
import { zipCode } from "@/lib/address/zip-codes";
import { propertySummary } from "../summary";
import { valueLastMonth, valueProperty } from "../valuation";
import { generateDataset } from "./generate";
import { getDataset } from "./index";

/**
 * The data set's fingerprint: the same seed must give these exact bytes on every machine. If you changed the
 * generator on purpose, print the new value and update it here.
 */
const FINGERPRINT = "ba5f3d5e71d9c32740a1f2596987e21e32036dae66fb5e630f3727fcca6aa093";

const dataset = getDataset();

describe("the data set", () => {
  it("is the same bytes for the same seed, on every machine", () => {
    const fresh = generateDataset();
    expect(createHash("sha256").update(JSON.stringify(fresh.properties)).digest("hex")).toBe(FINGERPRINT);
    expect(generateDataset("another seed").properties[0]).not.toEqual(fresh.properties[0]);
  });

  it("holds at least 2,000 homes in 5 real ZIP codes in different states and time zones", () => {
    expect(dataset.properties.length).toBeGreaterThanOrEqual(2000);
    const zips = [...new Set(dataset.properties.map((p) => p.address.zip))];
    expect(zips.length).toBeGreaterThanOrEqual(5);
    const states = new Set(zips.map((zip) => zipCode(zip)!.state));
    const zones = new Set(zips.map((zip) => timeZoneInfo(zipCode(zip)!.ianaZone).name));
    expect(states.size).toBeGreaterThanOrEqual(5);
    expect(zones.size).toBeGreaterThanOrEqual(4);
    for (const property of dataset.properties) {
      const zip = zipCode(property.address.zip)!;
      expect([property.county, property.countyFips, property.address.city]).toEqual([
        zip.county,
        zip.countyFips,
        zip.city.toUpperCase(),
      ]);
    }
  });

  it("contains the spec's example where the spec puts it", () => {
    const example = dataset.byKey.get("2800 N 24TH ST, PHOENIX, AZ 85008")!;
    expect(example).toBeDefined();
    expect([example.county, example.latitude, example.longitude]).toEqual(["Maricopa", 33.47865, -112.03029]);
  });

  it("has the mix a county's records have", () => {
    const share = (predicate: (p: (typeof dataset.properties)[number]) => boolean) =>
      dataset.properties.filter(predicate).length / dataset.properties.length;
    for (const property of dataset.properties) {
      expect(property.owners.length).toBeGreaterThanOrEqual(1);
      expect(property.owners.length).toBeLessThanOrEqual(4);
      expect(property.loans.length).toBeLessThanOrEqual(3);
      expect(property.sales.length).toBeGreaterThanOrEqual(1);
      expect(property.assessments.length).toBe(5);
    }
    expect(share((p) => p.owners.some((o) => o.kind === "corporation"))).toBeGreaterThan(0.03);
    expect(share((p) => !p.ownerOccupied)).toBeGreaterThan(0.1);
    expect(share((p) => p.loans.length === 0)).toBeGreaterThan(0.05);
    expect(share((p) => p.loans.length >= 2)).toBeGreaterThan(0.03);
    expect(share((p) => p.kind === "CONDOMINIUM")).toBeGreaterThan(0.05);
    const mailedTo = new Set(dataset.properties.filter((p) => !p.ownerOccupied).map((p) => p.mailingAddress));
    expect(dataset.properties.filter((p) => p.ownerOccupied && mailedTo.has(p.mailingAddress)).length).toBeGreaterThan(
      20,
    );
  });

  it("fills every field of every property summary with a value of the spec's type", () => {
    for (const property of dataset.properties.filter((_, i) => i % 7 === 0)) {
      const valuation = valueProperty(dataset, property);
      const summary = propertySummary(property, valuation, valueLastMonth(property, valuation));
      expect(PropertySummary.safeParse(summary).success).toBe(true);
      const empty: string[] = [];
      const walk = (value: unknown, path: string) => {
        if (value === "") empty.push(path);
        else if (value && typeof value === "object")
          for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
      };
      walk(summary, "propertySummary");
      expect(empty).toEqual([]);
    }
  });
});
