import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDataset, type Property } from "../dataset";
import { buildReport } from "./model";
import { renderReportPdf } from "./pdf";

/**
 * The layout check: reports for a varied sample of the data set, read back with `pdftotext -bbox-layout` (every text
 * line's box on every page) and rendered with `pdftoppm`.
 */

const dataset = getDataset();
const dir = mkdtempSync(join(tmpdir(), "report-layout-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Condos, townhouses, trusts, companies, two and three loans, many owners, long records; the rest spread evenly. */
function sample(size: number): Property[] {
  const all = dataset.properties;
  const longest = (value: (p: Property) => number) => [...all].sort((a, b) => value(b) - value(a)).slice(0, 2);
  const picks = [
    all.filter((p) => p.kind === "CONDOMINIUM").slice(0, 6),
    all.filter((p) => p.kind === "TOWNHOUSE").slice(0, 3),
    all.filter((p) => p.owners.some((o) => o.kind === "trust")).slice(0, 4),
    all.filter((p) => p.owners.some((o) => o.kind === "corporation")).slice(0, 2),
    all.filter((p) => p.loans.length === 2).slice(0, 3),
    all.filter((p) => p.loans.length >= 3).slice(0, 3),
    all.filter((p) => p.owners.length >= 3).slice(0, 2),
    longest((p) => p.legal.description.length),
    longest((p) => p.sales.length),
  ].flat();
  const chosen = new Map(picks.map((p) => [p.id, p]));
  for (let i = 0; chosen.size < size; i += 97) chosen.set(all[i % all.length]!.id, all[i % all.length]!);
  return [...chosen.values()].slice(0, size);
}

interface Line {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const attr = (tag: string, name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(tag)![1]);

/** Every text line of the PDF with its box, from `pdftotext -bbox-layout`. */
function readLines(file: string): { lines: Line[]; pages: number; height: number } {
  const xhtml = execFileSync("pdftotext", ["-bbox-layout", file, "-"]).toString();
  const pages = xhtml.split("<page ").slice(1);
  const lines = pages.flatMap((page, index) =>
    [...page.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)].map(([, tag, body]) => ({
      page: index + 1,
      text: [...body!.matchAll(/<word[^>]*>([^<]*)<\/word>/g)]
        .map((w) => w[1])
        .join(" ")
        .replaceAll("&amp;", "&"),
      x0: attr(tag!, "xMin"),
      y0: attr(tag!, "yMin"),
      x1: attr(tag!, "xMax"),
      y1: attr(tag!, "yMax"),
    })),
  );
  return { lines, pages: pages.length, height: attr(pages[0]!, "height") };
}

/** Pairs of lines on one page whose boxes share more than half a point both ways. */
function overlaps(lines: Line[]) {
  const found: string[] = [];
  lines.forEach((a, i) => {
    for (const b of lines.slice(i + 1)) {
      const wide = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const tall = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (a.page === b.page && wide > 0.5 && tall > 0.5) found.push(`page ${a.page}: "${a.text}" / "${b.text}"`);
    }
  });
  return found;
}

const CHARTS = [
  { caption: /^(Value range and condition|Estimate and condition ranges)$/, marker: "Poor condition" },
  { caption: /^Assessed and market value by year$/, marker: "Market value (assessor)" },
];

async function render(property: Property, applicant: string, name: string) {
  const report = buildReport(dataset, property, applicant);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, new Uint8Array(await new Response(renderReportPdf(report)).arrayBuffer()));
  return { report, file };
}

describe("the PDF's layout, for a varied sample of 30 properties", () => {
  const properties = sample(30);
  const LONG_NAME = `${"Maximilian Alexander Bartholomew-Featherstonehaugh and ".repeat(3)}Co-Applicant`.slice(0, 200);

  it.each(properties.map((property, i) => [`${property.kind} ${property.apn}`, property, i] as const))(
    "%s",
    async (_, property, i) => {
      const { report, file } = await render(property, i === 0 ? LONG_NAME : "Sample Applicant", `p${i}`);
      const { lines, pages, height } = readLines(file);
      const footerTop = height - 54;
      const body = lines.filter((l) => l.y0 < footerTop);

      expect(overlaps(lines)).toEqual([]);

      const titles = new Set(report.sections.map((s) => s.title));
      for (const heading of body.filter((l) => titles.has(l.text) || CHARTS.some((c) => c.caption.test(l.text)))) {
        const below = body.filter((l) => l.page === heading.page && l.y0 > heading.y1);
        expect(below.length, `"${heading.text}" ends page ${heading.page}`).toBeGreaterThan(0);
      }
      for (const chart of CHARTS) {
        for (const marker of body.filter((l) => l.text === chart.marker)) {
          const caption = body.find((l) => l.page === marker.page && l.y1 < marker.y0 && chart.caption.test(l.text));
          expect(caption, `the chart on page ${marker.page} has no caption`).toBeDefined();
        }
      }
      for (let page = 1; page < pages; page++) {
        const lowest = Math.max(0, ...body.filter((l) => l.page === page).map((l) => l.y1));
        expect(lowest, `page ${page} of ${pages} is nearly empty`).toBeGreaterThan(height / 2);
      }

      // The contents on the cover name the page each section starts on: each entry's number sits at its right.
      const headingPages = new Map(body.filter((l) => titles.has(l.text) && l.page > 1).map((l) => [l.text, l.page]));
      expect(headingPages.size).toBe(report.sections.length);
      const cover = body.filter((l) => l.page === 1);
      const listed = new Map(
        cover.flatMap((entry) => {
          const title = /^\d+\. (.+)$/.exec(entry.text)?.[1];
          const number = cover.find(
            (l) => /^\d+$/.test(l.text) && Math.abs(l.y0 - entry.y0) < 0.5 && l.x0 > entry.x1 && l.x0 - entry.x1 < 240,
          );
          return title ? [[title, Number(number?.text)] as const] : [];
        }),
      );
      expect(listed).toEqual(headingPages);
    },
  );

  it("renders every page of a few of them to images", async () => {
    for (const [i, property] of properties.filter((_, i) => i % 10 === 0).entries()) {
      const { file } = await render(property, "Sample Applicant", `r${i}`);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())![1]);
      const run = spawnSync("pdftoppm", ["-png", "-r", "20", file, join(dir, `r${i}-page`)], { encoding: "utf8" });
      expect(run.status).toBe(0);
      expect(run.stderr).toBe("");
      const images = readdirSync(dir).filter((f) => f.startsWith(`r${i}-page`));
      expect(images).toHaveLength(pages);
      for (const image of images) expect(statSync(join(dir, image)).size).toBeGreaterThan(500);
    }
  });
});

describe("the Spanish PDF's layout (longer words), for a sample of 10 properties", () => {
  it.each(
    sample(30)
      .filter((_, i) => i % 3 === 0)
      .map((property, i) => [`${property.kind} ${property.apn}`, property, i] as const),
  )("%s", async (_, property, i) => {
    const file = join(dir, `es${i}.pdf`);
    const report = buildReport(dataset, property, "José Núñez Peña");
    writeFileSync(file, new Uint8Array(await new Response(renderReportPdf(report, { locale: "es" })).arrayBuffer()));
    const { lines } = readLines(file);
    expect(overlaps(lines)).toEqual([]);
    expect(lines.some((l) => l.text.startsWith("Informe de la propiedad"))).toBe(true);
  });
});
