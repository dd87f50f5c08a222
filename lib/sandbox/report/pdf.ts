import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { PropertyReport, ReportSection } from "@/lib/property-api";

const MARGIN = 54;
const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#0f5132";

type Doc = InstanceType<typeof PDFDocument>;

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function factsBlock(doc: Doc, section: ReportSection) {
  const width = doc.page.width - MARGIN * 2;
  for (const fact of section.facts) {
    const height = Math.max(doc.heightOfString(fact.value, { width: width * 0.6 }), 14);
    ensureRoom(doc, height + 4);
    const y = doc.y;
    doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(fact.label, MARGIN, y, { width: width * 0.38 });
    doc.fillColor(INK).text(fact.value, MARGIN + width * 0.4, y, { width: width * 0.6 });
    doc.y = y + height + 4;
  }
}

function tableBlock(doc: Doc, table: NonNullable<ReportSection["table"]>) {
  const width = doc.page.width - MARGIN * 2;
  const columnWidth = width / table.columns.length;
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
    const height = Math.max(...cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - 6 }))) + 6;
    ensureRoom(doc, height);
    const y = doc.y;
    cells.forEach((cell, i) => doc.fillColor(bold ? ACCENT : INK).text(cell, MARGIN + i * columnWidth, y + 3, { width: columnWidth - 6 }));
    doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).strokeColor("#e5e7eb").lineWidth(0.5).stroke();
    doc.y = y + height;
  };
  doc.moveDown(0.4);
  row(table.columns, true);
  for (const cells of table.rows) row(cells, false);
  doc.x = MARGIN;
}

/** Renders the report as a PDF with a cover, a table of contents, one heading per section and page numbers. */
export function renderReportPdf(report: PropertyReport): ReadableStream<Uint8Array> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${report.title}: ${report.address.oneLine}`, Author: report.branding.provider, Subject: `Prepared for ${report.applicantName}` },
  });
  const width = doc.page.width - MARGIN * 2;

  // Cover.
  doc.rect(0, 0, doc.page.width, 180).fill(ACCENT);
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(28).text(report.title, MARGIN, 70);
  doc.font("Helvetica").fontSize(13).text(report.address.oneLine, MARGIN, 112);
  doc.fillColor(INK).fontSize(11).text(`Prepared for ${report.applicantName}`, MARGIN, 220);
  doc.text(`Date ${report.generatedAt.slice(0, 10)}`);
  doc.text(`APN ${report.address.apn}, ${report.address.county} County`);
  doc.moveDown(2);
  doc.font("Helvetica-Bold").fontSize(13).fillColor(ACCENT).text(report.branding.estimateName);
  doc.font("Helvetica-Bold").fontSize(26).fillColor(INK).text(`$${report.valuation.value.toLocaleString("en-US")}`);
  doc.font("Helvetica").fontSize(10).fillColor(MUTED)
    .text(`Range $${report.valuation.low.toLocaleString("en-US")} – $${report.valuation.high.toLocaleString("en-US")}  ·  confidence ${report.valuation.confidenceScore}/100  ·  as of ${report.valuation.eventDate}`);
  doc.moveDown(0.5).fillColor(INK).text(`Valuation provided by ${report.branding.provider}`);
  doc.fontSize(8.5).fillColor(MUTED).text(report.branding.disclaimer, { width });

  // The contents page is filled in once the sections know their pages.
  doc.addPage();
  const contentsPage = 1;
  const sectionPages: number[] = [];
  for (const section of report.sections) {
    doc.addPage();
    sectionPages.push(doc.bufferedPageRange().count);
    doc.font("Helvetica-Bold").fontSize(16).fillColor(ACCENT).text(section.title, MARGIN, MARGIN);
    doc.moveDown(0.6);
    factsBlock(doc, section);
    if (section.table) tableBlock(doc, section.table);
    if (section.note) doc.moveDown(0.6).font("Helvetica-Oblique").fontSize(8.5).fillColor(MUTED).text(section.note, MARGIN, doc.y, { width });
  }

  doc.switchToPage(contentsPage);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(ACCENT).text("Contents", MARGIN, MARGIN);
  doc.moveDown(0.8);
  report.sections.forEach((section, i) => {
    const y = doc.y;
    doc.font("Helvetica").fontSize(11).fillColor(INK).text(`${i + 1}. ${section.title}`, MARGIN, y);
    doc.text(String(sectionPages[i]), MARGIN, y, { width, align: "right" });
    doc.moveDown(0.35);
  });

  const { count } = doc.bufferedPageRange();
  for (let page = 0; page < count; page++) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    const bottom = doc.page.height - MARGIN + 16;
    doc.text(`${report.address.oneLine}  ·  ${report.branding.provider}`, MARGIN, bottom, { width, lineBreak: false });
    doc.text(`Page ${page + 1} of ${count}`, MARGIN, bottom, { width, align: "right", lineBreak: false });
  }
  doc.end();
  return Readable.toWeb(doc) as ReadableStream<Uint8Array>;
}
