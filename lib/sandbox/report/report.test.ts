import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PropertyReport, REPORT_SECTION_IDS } from "@/lib/property-api";
import { formatDate, formatPercent, formatUsd } from "@/lib/format";
import { getDataset } from "../dataset";
import { ownerName } from "../dataset/history";
import { renderReportHtml } from "./html";
import { buildReport, SERVICE_BRAND } from "./model";
import { renderReportPdf } from "./pdf";

const dataset = getDataset();
const example = dataset.byKey.get("2800 N 24TH ST, PHOENIX, AZ 85008")!;
const dir = mkdtempSync(join(tmpdir(), "report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TITLES = [
  "Property details",
  "Flood zone",
  "Utilities",
  "Legal information",
  "Interior",
  "Ownership",
  "Building",
  "External improvements",
  "Tax and assessment",
  "Sales history",
  "Active mortgages",
  "Equity analysis",
  "Recently sold comparables",
  "Automated valuation models",
];

describe("the report model", () => {
  it("has the fourteen sections of the spec, in order", () => {
    const report = buildReport(dataset, example, "Ada Byron");
    expect(report.sections.map((s) => s.title)).toEqual(TITLES);
    expect(report.sections.map((s) => s.id)).toEqual([...REPORT_SECTION_IDS]);
  });

  it("parses with its published schema for a sample of 100 properties", () => {
    for (const property of dataset.properties.filter((_, i) => i % 29 === 0).slice(0, 100)) {
      const parsed = PropertyReport.safeParse(
        JSON.parse(JSON.stringify(buildReport(dataset, property, "Sample Applicant"))),
      );
      expect(parsed.success, parsed.error?.message).toBe(true);
    }
  });

  it("lists at least five recently sold comparables with distance, size, price and price per square foot", () => {
    const comparables = buildReport(dataset, example, "A").sections.find((s) => s.id === "recently-sold-comparables")!;
    expect(comparables.table!.columns).toEqual([
      "Address",
      "Sold",
      "Price",
      "Living area",
      "Price / sq ft",
      "Distance",
    ]);
    expect(comparables.table!.rows.length).toBeGreaterThanOrEqual(5);
  });
});

describe("the PDF", () => {
  it("is searchable text with every section title, the applicant, the address and the branding", async () => {
    const bytes = new Uint8Array(
      await new Response(renderReportPdf(buildReport(dataset, example, "Ada Byron"))).arrayBuffer(),
    );
    const file = join(dir, "report.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"])
      .toString()
      .replace(/[ \t]+/g, " ");
    for (const title of TITLES) expect(text).toContain(title);
    expect(text).toContain("Prepared for Ada Byron");
    expect(text).toContain("2800 N 24th St, Phoenix, AZ 85008");
    expect(text).toContain(`Valuation provided by ${SERVICE_BRAND.provider}`);
    expect(text).toContain("not an appraisal");
    expect(text).toMatch(/Page 1 of \d+/);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())![1]);
    expect(pages).toBeGreaterThanOrEqual(4);
  });

  it("is a tagged PDF: its language, headings, tables, and each chart a figure with alternative text saying what it shows", async () => {
    const file = join(dir, "tagged.pdf");
    writeFileSync(
      file,
      new Uint8Array(await new Response(renderReportPdf(buildReport(dataset, example, "Ada Byron"))).arrayBuffer()),
    );
    const raw = readFileSync(file, "latin1");
    expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Tagged:\s+yes/);
    expect(raw).toMatch(/\/MarkInfo\s+\d+ 0 R/);
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/StructTreeRoot\s+\d+ 0 R/);
    expect(raw).toContain("/Lang (en-US)");
    expect(raw).toMatch(/\/DisplayDocTitle true/);

    // The structure a screen reader walks, with the text each element holds (poppler's reading of the tree).
    const tree = execFileSync("pdfinfo", ["-struct-text", file]).toString();
    const elements = (type: string) =>
      [...tree.matchAll(new RegExp(`^\\s*${type}(?: \\(block\\))?\\n\\s*"([^"]*)"`, "gm"))].map((m) => m[1]);
    expect(elements("H1")).toEqual(["Property report"]);
    for (const title of TITLES) expect(elements("H2")).toContain(title);
    expect(tree).toMatch(/^\s*Table/m);
    expect(elements("TH")).toContain("Price / sq ft");
    expect(tree).toMatch(/^\s*TD/m);
    // Alternative text per chart: what it shows, with its figures.
    const alts = [...raw.matchAll(/\/S \/Figure[^]*?\/Alt \(([^)]*)\)/g)].map((m) => m[1]);
    expect(alts).toHaveLength(3);
    expect(alts.some((alt) => /^Chart of the value range.*\$[\d,]+ to \$[\d,]+/.test(alt!))).toBe(true);
    expect(alts.some((alt) => /^Chart of assessed and market value by year: \d{4}/.test(alt!))).toBe(true);
    // The page numbers and the address under every page are furniture, not read as the document's text.
    expect(tree).not.toMatch(/Page 1 of/);
  });

  it("is tagged in the language it is asked for", async () => {
    const file = join(dir, "lang.pdf");
    writeFileSync(
      file,
      new Uint8Array(
        await new Response(
          renderReportPdf(buildReport(dataset, example, "Ada Byron"), { lang: "es-US" }),
        ).arrayBuffer(),
      ),
    );
    expect(readFileSync(file, "latin1")).toContain("/Lang (es-US)");
  });
});

describe("the HTML", () => {
  it("is a standalone page with a heading per section and tables with headers", () => {
    const html = renderReportHtml(buildReport(dataset, example, "<script>alert(1)</script>"));
    expect(html.startsWith("<!doctype html>")).toBe(true);
    for (const title of TITLES) expect(html).toContain(`>${title}</h2>`);
    expect(html).toContain('<th scope="col">');
    expect(html).toContain("@media print");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("the report for people (HTML and PDF)", () => {
  const ISO_DAY = /(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/;
  const fha = dataset.properties.find(
    (p) => p.loans.some((l) => l.type === "FHA") && p.owners.every((o) => o.kind === "person"),
  )!;
  const loan = fha.loans.find((l) => l.type === "FHA")!;
  const report = buildReport(dataset, fha, "Ada Byron", 0.8, new Date("2026-11-26T15:00:00Z"));

  it("the service's answer keeps ISO days and its own figures: the app reads them", () => {
    const loans = report.sections.find((s) => s.id === "active-mortgages")!;
    expect(
      loans.table!.rows.some(
        (row) => row.includes("FHA") && row.includes(`${loan.rate.toFixed(3)}%`) && row.includes(loan.originationDate),
      ),
    ).toBe(true);
  });

  it("the HTML says days as people do, loan types and rates as lenders write them, and quotes the deed as recorded", () => {
    const html = renderReportHtml(report);
    expect(html).not.toMatch(ISO_DAY);
    expect(html).toContain("Prepared for Ada Byron on November 26, 2026");
    expect(html).toContain(`as of ${formatDate(report.valuation.eventDate)}`);
    expect(html).toContain(`<td>${formatDate(loan.originationDate)}</td>`);
    expect(html).toContain(
      `<td>FHA</td><td>${formatUsd(loan.originalAmount)}</td><td>${formatPercent(loan.rate, "rate")}</td>`,
    );
    expect(html).not.toContain("<td>CONVENTIONAL</td>");
    expect(html).toContain('<th scope="col">Owner, as recorded</th>');
    expect(html).toContain(`<td>${ownerName(fha.owners[0]!)}</td>`);
  });

  it("the PDF says days as people do", async () => {
    const bytes = new Uint8Array(await new Response(renderReportPdf(report)).arrayBuffer());
    const file = join(dir, "people.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"])
      .toString()
      .replace(/[ \t]+/g, " ");
    expect(text).not.toMatch(ISO_DAY);
    expect(text).toContain("Date November 26, 2026");
    expect(text).toContain(`as of ${formatDate(report.valuation.eventDate)}`);
    expect(text).toContain("Owner, as recorded");
  });
});

describe("the report in Spanish (HTML and PDF rendered by the app from the service's JSON)", () => {
  const report = buildReport(dataset, example, "Ada Byron", 0.8, new Date("2026-11-26T15:00:00Z"));

  it("the HTML is in Spanish: its language, titles, labels, words and figures", () => {
    const html = renderReportHtml(report, { locale: "es" });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h1>Informe de la propiedad</h1>");
    expect(html).toContain("Preparado para Ada Byron el 26 de noviembre de 2026");
    expect(html).toContain(">Datos de la propiedad</h2>");
    expect(html).toContain(">Análisis del capital (equity)</h2>");
    expect(html).toContain("<dt>Año de construcción</dt>");
    expect(html).toContain("Valoración proporcionada por");
    expect(html).toMatch(/\$\d{1,3}(,\d{3})+/);
    expect(html).not.toContain(">Property details</h2>");
    expect(html).not.toMatch(/(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/);
  });

  it("the PDF's text keeps its accents (the standard fonts' WinAnsi has á é í ñ ó ú ü ¿ ¡) and is tagged es-US", async () => {
    const file = join(dir, "es.pdf");
    writeFileSync(file, new Uint8Array(await new Response(renderReportPdf(report, { locale: "es" })).arrayBuffer()));
    expect(readFileSync(file, "latin1")).toContain("/Lang (es-US)");
    const text = execFileSync("pdftotext", ["-layout", file, "-"])
      .toString()
      .replace(/[ \t\u00a0]+/g, " ");
    for (const words of [
      "Informe de la propiedad",
      "Año de construcción",
      "Análisis del capital",
      "Estimación del servicio",
      "Valoración proporcionada por",
      "Información legal",
      "Página 1 de",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain("Preparado para Ada Byron");
    expect(text).toContain("Fecha 26 de noviembre de 2026");
    expect(text).not.toContain("Property details");
    // Nothing the fonts could not draw.
    expect(text).not.toMatch(/[\ufffd\u2212]/);
  });

  it("English readers keep the service's report as it was", () => {
    expect(renderReportHtml(report, { locale: "en" })).toBe(renderReportHtml(report));
  });
});
