import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { publicReportHtml } from "@/app/api/widget/report/report-html";
import { formatsFor } from "@/lib/format";
import type { FactCatalogue } from "@/lib/i18n/fact-words";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { renderReportHtml } from "@/lib/report/html";
import { reportWords } from "@/lib/report/localize";
import { renderReportPdf } from "@/lib/report/pdf";
import { renderIntl } from "@/lib/testing/intl";
import { describe, expect, it } from "vitest";
import { PropertySummary } from "@/lib/property-api";
import { getDataset, type Property } from "@/lib/sandbox/dataset";
import { buildReport } from "@/lib/sandbox/report/model";
import { propertySummary } from "@/lib/sandbox/summary";
import { valueLastMonth, valueProperty } from "@/lib/sandbox/valuation";
import { toPropertyFacts, type PropertyFacts } from "@/lib/services/homes/dto";
import { factTexts, type FactsCatalogue } from "@/lib/i18n/fact-texts";
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

describe("the facts' words on the page, in the PDF and in the widget's report", () => {
  const base = (property: Property) => {
    const valuation = valueProperty(dataset, property);
    return toPropertyFacts(
      PropertySummary.parse(propertySummary(property, valuation, valueLastMonth(property, valuation))),
    );
  };
  const texts = (facts: PropertyFacts, locale: Locale) =>
    factTexts(
      facts,
      translator(locale, "PropertyFacts") as unknown as FactsCatalogue,
      translator(locale, "FactCodes") as unknown as FactCatalogue,
      formatsFor(locale),
    );
  const some = dataset.properties[0]!;

  it.each([
    ["en", 0, 0, 0, "0 full", "No garage"],
    ["en", 1, 1, 1, "1 full, 1 half", "1 garage space"],
    ["en", 2, 2, 2, "2 full, 2 half", "2 garage spaces"],
    ["es", 0, 0, 0, "0 completos", "Sin garaje"],
    ["es", 1, 1, 1, "1 completo, 1 medio", "1 plaza de garaje"],
    ["es", 2, 2, 2, "2 completos, 2 medios", "2 plazas de garaje"],
    ["es", 3, 1, 2, "3 completos, 1 medio", "2 plazas de garaje"],
  ] as const)("%s: %i full, %i half, %i garage: %j, %j", (locale, full, half, garage, baths, parking) => {
    const facts = { ...base(some), bathsFull: full, bathsTotal: full + half, garageSpaces: garage };
    // The page.
    const page = parse(renderIntl(<PropertyFactsList facts={facts} />, locale));
    const row = (label: string) =>
      page
        .querySelectorAll("dl > div")
        .find((r) => r.querySelector("dt")!.text === label)!
        .querySelector("dd")!.text;
    const labels = translator(locale, "PropertyFacts");
    expect(row(labels("bathrooms"))).toBe(baths);
    expect(row(labels("parking"))).toBe(parking);
    // The report, from the service's English words ("1 full, 1 half", "2 garage spaces").
    const english = locale === "en" ? undefined : reportWords(locale);
    const service = half > 0 ? `${full} full, ${half} half` : `${full} full`;
    const spaces = garage === 0 ? "No garage" : `${garage} garage space${garage === 1 ? "" : "s"}`;
    expect(english ? english.word(service) : service).toBe(baths);
    expect(english ? english.word(spaces) : spaces).toBe(parking);
    // The widget's report.
    const widget = parse(publicReportHtml({ facts, lender: "Example Home Lending" }, "https://app.example", locale));
    const cell = (label: string) =>
      widget.querySelectorAll("dt").find((dt) => dt.text === label)!.nextElementSibling!.text;
    const widgetLabels = translator(locale, "Widget");
    expect(cell(widgetLabels("bathrooms"))).toBe(baths);
    expect(cell(widgetLabels("parking"))).toBe(parking);
  });

  /** The text of the report's PDF as a reader's tool extracts it (pdftotext), its white space made single spaces. */
  async function pdfText(property: Property, locale: Locale): Promise<string> {
    const pdf = renderReportPdf(buildReport(dataset, property, "A"), { locale });
    const dir = mkdtempSync(join(tmpdir(), "facts-"));
    const file = join(dir, "report.pdf");
    writeFileSync(file, new Uint8Array(await new Response(pdf).arrayBuffer()));
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  }

  const pick = (test: (p: Property) => boolean) => dataset.properties.find(test)!;
  const homes = [
    pick((p) => p.address.state === "TX" && p.cooling === "NONE"),
    pick((p) => p.kind === "CONDOMINIUM"),
    pick((p) => p.address.state === "AZ" && p.bathsHalf > 0),
    pick((p) => p.heating === "BASEBOARD"),
  ];

  it.each(LOCALES.flatMap((locale) => homes.map((home) => [locale, home.id, home] as const)))(
    "%s: the page and the PDF of home %i say the same words",
    async (locale, _, home) => {
      const page = texts(base(home), locale);
      const pdf = await pdfText(home, locale);
      const html = parse(renderReportHtml(buildReport(dataset, home, "A"), { locale })).text.replace(/\s+/g, " ");
      for (const key of [
        "propertyType",
        "construction",
        "roof",
        "heating",
        "cooling",
        "county",
        "bathrooms",
        "parking",
      ] as const) {
        expect(pdf, `${key} in the PDF`).toContain(page[key]);
        expect(html, `${key} in the HTML report`).toContain(page[key]);
      }
      // No code left as the records write it.
      expect(pdf).not.toMatch(/\b(FRAME|COMPOSITION SHINGLE|FORCED AIR|JOINT TENANTS)\b/);
      if (locale === "es")
        expect(pdf).not.toMatch(
          /\b(Frame|Baseboard|Laminate|Joint Tenants|Masonry|General Warranty Deed|medios?, 1 medios)\b/,
        );
    },
  );
});
