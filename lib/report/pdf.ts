import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { PropertyReport, ReportSection } from "@/lib/property-api";
import { formatsFor, MINUS } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { reportForPeople } from "./people";
import {
  drawLogo,
  drawRangeChart,
  drawYearBars,
  rangeChartAlt,
  rangeChartHeight,
  yearBarsAlt,
  YEAR_BARS_HEIGHT,
} from "./pdf-charts";
import {
  ACCENT,
  artifact,
  chartPiece,
  contentWidth,
  factPieces,
  flow,
  headingPiece,
  INK,
  MARGIN,
  MUTED,
  notePiece,
  tablePieces,
  type Doc,
  type Piece,
  type Struct,
} from "./pdf-flow";

const usdEn = (n: number) => `$${n.toLocaleString("en-US")}`;
/** Dollars in the report's language, in the standard fonts' characters (a hyphen-minus). */
const usdIn = (locale: Locale) =>
  locale === "en" ? usdEn : (n: number) => formatsFor(locale).usd(n).replaceAll(MINUS, "-");
const CONDITION_COLORS = ["#16794c", "#fca5a5", "#86efac", "#4ade80"];

function branding(doc: Doc, parent: Struct, report: PropertyReport, y: number, locale: Locale) {
  const width = contentWidth(doc);
  const t = translator(locale, "ReportDoc");
  const usd = usdIn(locale);
  artifact(doc, () => {
    doc.roundedRect(MARGIN, y, width, 118, 8).lineWidth(1).strokeColor(ACCENT).stroke();
    drawLogo(doc, MARGIN + 16, y + 16, 28);
  });
  const box = doc.struct("Sect");
  parent.add(box);
  box.add(
    doc.struct("P", {}, [
      () =>
        doc
          .font("Helvetica-Bold")
          .fontSize(11)
          .fillColor(ACCENT)
          .text(report.branding.estimateName, MARGIN + 54, y + 16),
      () =>
        doc
          .font("Helvetica-Bold")
          .fontSize(24)
          .fillColor(INK)
          .text(usd(report.valuation.value), MARGIN + 54, y + 30),
    ]),
  );
  box.add(
    doc.struct("P", {}, () =>
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text(
          t("estimateDetailPdf", {
            low: usd(report.valuation.low),
            high: usd(report.valuation.high),
            confidence: report.valuation.confidenceScore,
            date: report.valuation.eventDate,
          }),
          MARGIN + 54,
          y + 60,
        ),
    ),
  );
  box.add(
    doc.struct("P", {}, () =>
      doc.fillColor(INK).text(t("providedByPdf", { provider: report.branding.provider }), MARGIN + 54, y + 74),
    ),
  );
  box.add(
    doc.struct("P", {}, () =>
      doc
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(report.branding.disclaimer, MARGIN + 54, y + 88, { width: width - 70 }),
    ),
  );
  box.end();
  return 118;
}

/** The cover: title, applicant, the branded estimate and its value range. Returns where the contents may start. */
function cover(doc: Doc, root: Struct, report: PropertyReport, locale: Locale): number {
  const width = contentWidth(doc);
  const t = translator(locale, "ReportDoc");
  artifact(doc, () => {
    doc.rect(0, 0, doc.page.width, 190).fill(ACCENT);
    drawLogo(doc, MARGIN, 50, 34);
  });
  root.add(
    doc.struct("H1", {}, () =>
      doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(28).text(report.title, MARGIN, 96, { width }),
    ),
  );
  root.add(
    doc.struct("P", {}, () =>
      doc
        .font("Helvetica")
        .fontSize(13)
        .text(report.address.oneLine, MARGIN, 134, { width, height: 34, ellipsis: true }),
    ),
  );
  // The applicant's name is free text (up to 200 characters): two lines at most, so the cover keeps its room.
  root.add(
    doc.struct("P", {}, () =>
      doc
        .fillColor(INK)
        .font("Helvetica-Bold")
        .fontSize(11)
        .text(t("preparedForShort", { name: report.applicantName }), MARGIN, 212, {
          width,
          height: 28,
          ellipsis: true,
        }),
    ),
  );
  root.add(
    doc.struct("P", {}, () =>
      doc
        .font("Helvetica")
        .text(t("coverDate", { date: formatsFor(locale).date(report.generatedAt) }), MARGIN, doc.y, { width }),
    ),
  );
  root.add(
    doc.struct("P", {}, () =>
      doc.text(t("coverApn", { apn: report.address.apn, county: report.address.county }), { width }),
    ),
  );
  let y = doc.y + 14;
  y += branding(doc, root, report, y, locale) + 18;
  const top = y;
  root.add(
    doc.struct("H2", {}, () =>
      doc.font("Helvetica-Bold").fontSize(11).fillColor(ACCENT).text(t("valueRangeHeading"), MARGIN, top),
    ),
  );
  const bars = report.charts.valueRanges.map((r, i) => ({ ...r, color: CONDITION_COLORS[i] ?? CONDITION_COLORS[0]! }));
  const marker = { label: report.branding.estimateName, value: report.valuation.value };
  root.add(
    doc.struct(
      "Figure",
      { alt: rangeChartAlt(bars, marker, locale) },
      () => (y += 22 + drawRangeChart(doc, MARGIN, top + 22, width, bars, marker, locale)),
    ),
  );
  return y + 20;
}

/**
 * The contents, in two columns under the cover's chart: a page of its own held fourteen lines. The sections are
 * also the PDF's outline (bookmarks).
 */
function contents(doc: Doc, parent: Struct, sections: ReportSection[], pages: number[], y: number, locale: Locale) {
  const width = contentWidth(doc);
  const column = (width - 24) / 2;
  const perColumn = Math.ceil(sections.length / 2);
  parent.add(
    doc.struct("H2", {}, () =>
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(ACCENT)
        .text(translator(locale, "ReportDoc")("inThisReport"), MARGIN, y),
    ),
  );
  const toc = doc.struct("TOC");
  parent.add(toc);
  sections.forEach((section, i) => {
    const left = MARGIN + Math.floor(i / perColumn) * (column + 24);
    const top = y + 20 + (i % perColumn) * 13;
    toc.add(
      doc.struct("TOCI", {}, [
        () =>
          doc
            .font("Helvetica")
            .fontSize(9)
            .fillColor(INK)
            .text(`${i + 1}. ${section.title}`, left, top, { width: column - 30, lineBreak: false }),
        () =>
          doc.fillColor(MUTED).text(String(pages[i]), left, top, { width: column, align: "right", lineBreak: false }),
      ]),
    );
  });
  toc.end();
}

/** A section as pieces for the flow: heading, facts, table, chart under its caption, note. */
function sectionPieces(
  doc: Doc,
  sect: Struct,
  report: PropertyReport,
  section: ReportSection,
  locale: Locale,
): Piece[] {
  const width = contentWidth(doc);
  const t = translator(locale, "ReportDoc");
  const pieces = [headingPiece(doc, sect, section.title), ...factPieces(doc, sect, section.facts)];
  if (section.table) pieces.push(...tablePieces(doc, sect, section.table));
  if (section.id === "tax-and-assessment" && report.charts.assessments.length) {
    const series = report.charts.assessments;
    pieces.push(
      chartPiece(doc, sect, t("yearBarsCaption"), YEAR_BARS_HEIGHT, yearBarsAlt(series, locale), (y) =>
        drawYearBars(doc, MARGIN, y, width, series, locale),
      ),
    );
  }
  if (section.id === "automated-valuation-models") {
    const bars = report.charts.valueRanges.map((r) => ({ ...r, color: "#86efac" }));
    const marker = { label: report.branding.estimateName, value: report.valuation.value };
    pieces.push(
      chartPiece(
        doc,
        sect,
        t("rangeCaption"),
        rangeChartHeight(bars.length),
        rangeChartAlt(bars, marker, locale),
        (y) => drawRangeChart(doc, MARGIN, y + 4, width, bars, marker, locale),
      ),
    );
  }
  if (section.note) {
    // A note closes its section: it never starts a page alone.
    pieces[pieces.length - 1]!.keepWithNext = true;
    pieces.push(notePiece(doc, sect, section.note));
  }
  return pieces;
}

/**
 * Renders the report as a real, searchable PDF: a cover with the branded estimate and the contents, every section
 * under its heading with its table, charts of the value range and of assessments over time, and page numbers.
 * Every piece is measured before it is drawn, so rows never run into each other and a heading or a chart's caption
 * never ends a page without what it introduces.
 *
 * It is a tagged PDF in `lang` (a BCP 47 tag): headings, paragraphs, tables of header cells and cells, each chart a
 * figure with alternative text saying what it shows, in reading order; the page furniture (backgrounds, rules, the
 * logo, the address and page number under each page) is marked as artifacts, which screen readers skip.
 */
export function renderReportPdf(
  answer: PropertyReport,
  { locale = "en", lang = locale === "en" ? "en-US" : `${locale}-US` }: { locale?: Locale; lang?: string } = {},
): ReadableStream<Uint8Array> {
  const report = reportForPeople(answer, { minus: false, locale });
  const t = translator(locale, "ReportDoc");
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    lang,
    // A reader's window shows the report's title, not its file name.
    displayTitle: true,
    info: {
      Title: `${report.title}: ${report.address.oneLine}`,
      Author: report.branding.provider,
      Subject: t("preparedForShort", { name: report.applicantName }),
    },
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  const width = contentWidth(doc);
  const contentsY = cover(doc, root, report, locale);
  // The contents are drawn once the sections' pages are known, but read right after the cover.
  const contentsSect = doc.struct("Sect");
  root.add(contentsSect);

  doc.addPage();
  doc.y = MARGIN;
  const pages: number[] = [];
  for (const section of report.sections) {
    const sect = doc.struct("Sect", { title: section.title });
    root.add(sect);
    const [heading, ...rest] = sectionPieces(doc, sect, report, section, locale);
    flow(doc, [heading!, ...rest], (piece, page) => {
      if (piece !== heading) return;
      pages.push(page + 1);
      doc.outline.addItem(section.title);
    });
    sect.end();
  }
  doc.switchToPage(0);
  contents(doc, contentsSect, report.sections, pages, contentsY, locale);
  contentsSect.end();

  const { count } = doc.bufferedPageRange();
  for (let page = 0; page < count; page++) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 16;
    artifact(
      doc,
      () => {
        doc.font("Helvetica").fontSize(7.5).fillColor(MUTED);
        doc.text(`${report.address.oneLine} · ${report.branding.provider}`, MARGIN, y, {
          width: width - 70,
          lineBreak: false,
        });
        doc.text(t("page", { page: page + 1, count }), MARGIN, y, { width, align: "right", lineBreak: false });
      },
      "Pagination",
    );
  }
  root.end();
  doc.end();
  return Readable.toWeb(doc) as ReadableStream<Uint8Array>;
}
