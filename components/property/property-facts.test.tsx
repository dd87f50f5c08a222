import { parse } from "node-html-parser";
import { renderIntl } from "@/lib/testing/intl";
import { describe, expect, it } from "vitest";
import { PropertySummary } from "@/lib/property-api";
import { getDataset, type Property } from "@/lib/sandbox/dataset";
import { buildReport } from "@/lib/sandbox/report/model";
import { propertySummary } from "@/lib/sandbox/summary";
import { valueLastMonth, valueProperty } from "@/lib/sandbox/valuation";
import { toPropertyFacts } from "@/lib/services/homes/dto";
import { PropertyFactsList } from "./property-facts";

const dataset = getDataset();

/** The page's facts for a property of the data set: its summary as the service sends it, through the DTO. */
function pageFacts(property: Property, locale: "en" | "es" = "en"): Map<string, string> {
  const valuation = valueProperty(dataset, property);
  const summary = PropertySummary.parse(propertySummary(property, valuation, valueLastMonth(property, valuation)));
  const root = parse(renderIntl(<PropertyFactsList facts={toPropertyFacts(summary)} />, locale));
  return new Map(
    root.querySelectorAll("dl > div").map((row) => [row.querySelector("dt")!.text, row.querySelector("dd")!.text]),
  );
}

function reportFacts(property: Property): Map<string, string> {
  const report = buildReport(dataset, property, "A");
  return new Map(report.sections.flatMap((s) => s.facts).map((f) => [f.label, f.value]));
}

describe("the property facts on the page", () => {
  const pick = (test: (p: Property) => boolean) => dataset.properties.find(test)!;
  const properties = [
    pick((p) => p.kind === "SFR" && p.garageSpaces === 1),
    pick((p) => p.kind === "TOWNHOUSE"),
    pick((p) => p.kind === "CONDOMINIUM" && p.garageSpaces === 0),
    pick((p) => p.garageSpaces === 2 && p.bathsHalf === 0),
  ];

  it.each(properties.map((p) => [`${p.kind}, ${p.garageSpaces} garage`, p] as const))(
    "read like the report's: %s",
    (_, property) => {
      const page = pageFacts(property);
      const report = reportFacts(property);
      for (const label of ["Property type", "Living area", "Lot size", "Bathrooms", "Parking"])
        expect(page.get(label), label).toBe(report.get(label));
    },
  );

  it("counts one garage space in the singular and names townhouses apart from houses", () => {
    expect(pageFacts(properties[0]!).get("Parking")).toBe("1 garage space");
    expect(pageFacts(properties[0]!).get("Property type")).toBe("Single family residence");
    expect(pageFacts(properties[1]!).get("Property type")).toBe("Townhouse");
    expect(pageFacts(properties[2]!).get("Parking")).toBe("No garage");
  });

  it("has a bedrooms row with the count the service sends, the same as the report's", () => {
    expect(pageFacts(properties[0]!).get("Bedrooms")).toBe(String(properties[0]!.bedrooms));
  });

  it("names its rows and writes its figures in Spanish", () => {
    const page = pageFacts(properties[0]!, "es");
    expect(page.get("Dormitorios")).toBe(String(properties[0]!.bedrooms));
    expect(page.get("Año de construcción")).toBe(String(properties[0]!.yearBuilt));
    expect(page.get("Última venta")).toMatch(/^\$[\d,]+ el \d{1,2} de [a-z]+ de \d{4}$/);
    expect([...page.keys()].some((label) => label.startsWith("Valor fiscal ("))).toBe(true);
    expect(page.get("Tipo de propiedad")).toBe("Vivienda unifamiliar");
    expect(page.get("Estacionamiento")).toBe("1 plaza de garaje");
    expect(pageFacts(properties[2]!, "es").get("Estacionamiento")).toBe("Sin garaje");
    expect(page.get("Superficie habitable")).toMatch(/^[\d,]+ pies²$/);
    expect(page.get("Baños")).toMatch(/^\d+ completos?(, \d+ medios?)?$/);
  });
});
