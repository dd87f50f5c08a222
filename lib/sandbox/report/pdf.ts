import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { PropertyReport, ReportSection } from "@/lib/property-api";
import { drawLogo, drawRangeChart, drawYearBars } from "./pdf-charts";

const MARGIN = 54;
const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#0f5132";
const usd = (n: number) => `$${n.toLocaleString("en-US")}`;

type Doc = InstanceType<typeof PDFDocument>;

const bottom = (doc: Doc) => doc.page.height - MARGIN - 24;
const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

function factsBlock(doc: Doc, section: ReportSection) {
  const width = contentWidth(doc);
  const half = (width - 24) / 2;
  // Two columns of label / value pairs.
  for (let i = 0; i < section.facts.length; i += 2) {
    const pair = section.facts.slice(i, i + 2);
    doc.font("Helvetica").fontSize(9);
    const height = Math.max(...pair.map((f) => doc.heightOfString(f.value, { width: half * 0.55 }))) + 5;
    ensureRoom(doc, height);
    const y = doc.y;
    pair.forEach((fact, column) => {
      const left = MARGIN + column * (half + 24);
      doc.fillColor(MUTED).text(fact.label, left, y, { width: half * 0.43 });
      doc.fillColor(INK).text(fact.value, left + half * 0.45, y, { width: half * 0.55 });
    });
    doc.moveTo(MARGIN, y + height - 2).lineTo(MARGIN + width, y + height - 2).strokeColor("#f1f5f9").lineWidth(0.5).stroke();
    doc.y = y + height;
  }
}

function tableBlock(doc: Doc, table: NonNullable<ReportSection["table"]>) {
  const width = contentWidth(doc);
  const columnWidth = width / table.columns.length;
  const row = (cells: string[], header: boolean) => {
    doc.font(header ? "Helvetica-Bold" : "Helvetica").fontSize(7.8);
    const height = Math.max(...cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - 6 }))) + 6;
    ensureRoom(doc, height + (header ? 14 : 0));
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, width, height).fill("#f1f5f9");
    cells.forEach((cell, i) => doc.fillColor(header ? ACCENT : INK).text(cell, MARGIN + i * columnWidth + 3, y + 3, { width: columnWidth - 6 }));
    doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).strokeColor("#e5e7eb").lineWidth(0.5).stroke();
    doc.y = y + height;
  };
  doc.moveDown(0.5);
  row(table.columns, true);
  for (const cells of table.rows) row(cells, false);
}

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 90); // keep a heading with the start of its section
  doc.moveDown(1.1);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(ACCENT).text(text, MARGIN, doc.y);
  doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + contentWidth(doc), doc.y + 2).strokeColor(ACCENT).lineWidth(1).stroke();
  doc.moveDown(0.6);
}

function branding(doc: Doc, report: PropertyReport, y: number) {
  const width = contentWidth(doc);
  doc.roundedRect(MARGIN, y, width, 118, 8).lineWidth(1).strokeColor(ACCENT).stroke();
  drawLogo(doc, MARGIN + 16, y + 16, 28);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(ACCENT).text(report.branding.estimateName, MARGIN + 54, y + 16);
  doc.font("Helvetica-Bold").fontSize(24).fillColor(INK).text(usd(report.valuation.value), MARGIN + 54, y + 30);
  doc.font("Helvetica").fontSize(9).fillColor(MUTED)
    .text(`Range ${usd(report.valuation.low)} – ${usd(report.valuation.high)} · confidence ${report.valuation.confidenceScore}/100 · as of ${report.valuation.eventDate}`, MARGIN + 54, y + 60);
  doc.fillColor(INK).text(`Valuation provided by ${report.branding.provider}`, MARGIN + 54, y + 74);
  doc.fontSize(7.5).fillColor(MUTED).text(report.branding.disclaimer, MARGIN + 54, y + 88, { width: width - 70 });
}

/**
 * Renders the report as a real, searchable PDF: a cover, a table of contents, every section under its heading with
 * its table, charts of the value range and of assessments over time, the service's branding, and page numbers.
 */
export function renderReportPdf(report: PropertyReport): ReadableStream<Uint8Array> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${report.title}: ${report.address.oneLine}`, Author: report.branding.provider, Subject: `Prepared for ${report.applicantName}` },
  });
  const width = contentWidth(doc);

  // Cover.
  doc.rect(0, 0, doc.page.width, 190).fill(ACCENT);
  drawLogo(doc, MARGIN, 50, 34);
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(28).text(report.title, MARGIN, 96);
  doc.font("Helvetica").fontSize(13).text(report.address.oneLine, MARGIN, 134);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(`Prepared for ${report.applicantName}`, MARGIN, 226);
  doc.font("Helvetica").text(`Date ${report.generatedAt.slice(0, 10)}`);
  doc.text(`APN ${report.address.apn} · ${report.address.county} County`);
  branding(doc, report, 300);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(ACCENT).text("Value range and condition", MARGIN, 450);
  drawRangeChart(doc, MARGIN, 474, width, report.charts.valueRanges.map((r, i) => ({ ...r, color: ["#16794c", "#fca5a5", "#86efac", "#4ade80"][i] ?? "#16794c" })), { label: report.branding.estimateName, value: report.valuation.value });

  // Contents go on page 2 once the sections know their pages.
  doc.addPage();
  const contentsPage = doc.bufferedPageRange().count - 1;
  doc.addPage();
  doc.y = MARGIN;
  const pages: number[] = [];
  for (const section of report.sections) {
    heading(doc, section.title);
    pages.push(doc.bufferedPageRange().count);
    factsBlock(doc, section);
    if (section.table) tableBlock(doc, section.table);
    if (section.id === "tax-and-assessment") {
      ensureRoom(doc, 150);
      doc.moveDown(0.8);
      doc.y += drawYearBars(doc, MARGIN, doc.y, width, report.charts.assessments);
    }
    if (section.id === "automated-valuation-models") {
      ensureRoom(doc, 140);
      doc.moveDown(0.8);
      doc.y += drawRangeChart(doc, MARGIN, doc.y + 6, width, report.charts.valueRanges.map((r) => ({ ...r, color: "#86efac" })), { label: report.branding.estimateName, value: report.valuation.value }) + 10;
    }
    if (section.note) {
      ensureRoom(doc, 30);
      doc.moveDown(0.5).font("Helvetica-Oblique").fontSize(8.5).fillColor(MUTED).text(section.note, MARGIN, doc.y, { width });
    }
  }

  doc.switchToPage(contentsPage);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(ACCENT).text("Contents", MARGIN, MARGIN);
  doc.moveDown(0.8);
  report.sections.forEach((section, i) => {
    const y = doc.y;
    doc.font("Helvetica").fontSize(11).fillColor(INK).text(`${i + 1}. ${section.title}`, MARGIN, y);
    doc.text(String(pages[i]), MARGIN, y, { width, align: "right" });
    doc.moveDown(0.45);
  });
  doc.moveDown(1).font("Helvetica").fontSize(8.5).fillColor(MUTED)
    .text(`Valuation provided by ${report.branding.provider}, as of ${report.valuation.eventDate}. ${report.branding.disclaimer}`, MARGIN, doc.y, { width });

  const { count } = doc.bufferedPageRange();
  for (let page = 0; page < count; page++) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 16;
    doc.font("Helvetica").fontSize(7.5).fillColor(MUTED);
    doc.text(`${report.address.oneLine} · ${report.branding.provider}`, MARGIN, y, { width, lineBreak: false });
    doc.text(`Page ${page + 1} of ${count}`, MARGIN, y, { width, align: "right", lineBreak: false });
  }
  doc.end();
  return Readable.toWeb(doc) as ReadableStream<Uint8Array>;
}
