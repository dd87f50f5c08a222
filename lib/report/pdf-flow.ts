import type PDFDocument from "pdfkit";
import type { ReportSection } from "@/lib/property-api";

export type Doc = InstanceType<typeof PDFDocument>;
/** An element of the PDF's structure tree (its tags): what a screen reader reads, in order. */
export type Struct = PDFKit.PDFStructureElement;

export const MARGIN = 54;
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const ACCENT = "#0f5132";

/** The lowest y a piece may reach; the footer sits below it. */
export const bottom = (doc: Doc) => doc.page.height - MARGIN - 24;
export const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;

/**
 * A piece of a section that is never split across pages. Its height is measured before anything is drawn, so the
 * flow can decide where it goes; `draw` must stay inside that height.
 */
export interface Piece {
  height: number;
  /** Space above the piece, dropped at the top of a page. */
  space?: number;
  draw(y: number): void;
  /** A heading or a caption: it goes on a new page too when what follows it would not fit under it. */
  keepWithNext?: boolean;
  /** Drawn first when this piece starts a page: a table's header row over its continued rows. */
  repeat?: Piece;
}

/**
 * Draws page furniture (rules, backgrounds, the logo, page numbers) as an artifact: seen, but outside the structure a
 * screen reader reads. Never called inside a structure element's drawing (pdfkit would close that element's content).
 */
export function artifact(doc: Doc, draw: () => void, type?: "Pagination" | "Layout") {
  doc.markContent("Artifact", type ? { type } : undefined);
  draw();
  doc.endMarkedContent();
}

const heightWithKept = (pieces: Piece[], i: number) => {
  let height = pieces[i]!.height;
  for (let j = i; pieces[j]!.keepWithNext && pieces[j + 1]; j++)
    height += (pieces[j + 1]!.space ?? 0) + pieces[j + 1]!.height;
  return height;
};

/** Lays pieces out top to bottom, starting a page whenever the next piece (with what it keeps) would not fit. */
export function flow(doc: Doc, pieces: Piece[], onPage: (piece: Piece, page: number) => void = () => {}) {
  pieces.forEach((piece, i) => {
    const atTop = doc.y <= MARGIN;
    const space = atTop ? 0 : (piece.space ?? 0);
    if (!atTop && doc.y + space + heightWithKept(pieces, i) > bottom(doc)) {
      doc.addPage();
      doc.y = MARGIN;
      if (piece.repeat) {
        piece.repeat.draw(MARGIN);
        doc.y = MARGIN + piece.repeat.height;
      }
    } else {
      doc.y += space;
    }
    onPage(piece, doc.bufferedPageRange().count - 1);
    const y = doc.y;
    piece.draw(y);
    doc.y = y + piece.height;
  });
}

export function headingPiece(doc: Doc, parent: Struct, text: string): Piece {
  doc.font("Helvetica-Bold").fontSize(14);
  const textHeight = doc.heightOfString(text, { width: contentWidth(doc) });
  return {
    height: textHeight + 10,
    space: 16,
    keepWithNext: true,
    draw(y) {
      parent.add(
        doc.struct("H2", {}, () =>
          doc
            .font("Helvetica-Bold")
            .fontSize(14)
            .fillColor(ACCENT)
            .text(text, MARGIN, y, { width: contentWidth(doc) }),
        ),
      );
      artifact(doc, () =>
        doc
          .moveTo(MARGIN, y + textHeight + 2)
          .lineTo(MARGIN + contentWidth(doc), y + textHeight + 2)
          .strokeColor(ACCENT)
          .lineWidth(1)
          .stroke(),
      );
    },
  };
}

/**
 * Two columns of label / value pairs, a row per pair, each row as tall as its tallest label or value. Each fact is a
 * paragraph of its label and its value, read in that order.
 */
export function factPieces(doc: Doc, parent: Struct, facts: ReportSection["facts"]): Piece[] {
  const width = contentWidth(doc);
  const half = (width - 24) / 2;
  const labelWidth = half * 0.43;
  const valueWidth = half * 0.55;
  const pieces: Piece[] = [];
  for (let i = 0; i < facts.length; i += 2) {
    const pair = facts.slice(i, i + 2);
    doc.font("Helvetica").fontSize(9);
    const textHeight = Math.max(
      ...pair.flatMap((f) => [
        doc.heightOfString(f.label, { width: labelWidth }),
        doc.heightOfString(f.value, { width: valueWidth }),
      ]),
    );
    pieces.push({
      height: textHeight + 8,
      draw(y) {
        doc.font("Helvetica").fontSize(9);
        pair.forEach((fact, column) => {
          const left = MARGIN + column * (half + 24);
          parent.add(
            doc.struct("P", {}, [
              () => doc.fillColor(MUTED).text(fact.label, left, y + 3, { width: labelWidth }),
              () => doc.fillColor(INK).text(fact.value, left + half * 0.45, y + 3, { width: valueWidth }),
            ]),
          );
        });
        artifact(doc, () =>
          doc
            .moveTo(MARGIN, y + textHeight + 7)
            .lineTo(MARGIN + width, y + textHeight + 7)
            .strokeColor("#f1f5f9")
            .lineWidth(0.5)
            .stroke(),
        );
      },
    });
  }
  return pieces;
}

/**
 * A table as a header piece and a piece per row; a row that starts a page brings the header with it. Tagged as one
 * table of header cells and cells, row by row; the header drawn again over continued rows is an artifact (the
 * table has its header once).
 */
export function tablePieces(doc: Doc, parent: Struct, table: NonNullable<ReportSection["table"]>): Piece[] {
  const width = contentWidth(doc);
  const columnWidth = width / table.columns.length;
  const element = doc.struct("Table");
  const row = (cells: string[], header: boolean, tagged = true): Piece => {
    const font = header ? "Helvetica-Bold" : "Helvetica";
    doc.font(font).fontSize(7.8);
    const height = Math.max(...cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - 6 }))) + 6;
    return {
      height,
      draw(y) {
        if (header) artifact(doc, () => doc.rect(MARGIN, y, width, height).fill("#f1f5f9"));
        doc.font(font).fontSize(7.8);
        const cell = (text: string, i: number) => () =>
          doc
            .fillColor(header ? ACCENT : INK)
            .text(text, MARGIN + i * columnWidth + 3, y + 3, { width: columnWidth - 6 });
        if (tagged) {
          // The table joins its section where its header is drawn.
          if (header) parent.add(element);
          element.add(
            doc.struct(
              "TR",
              {},
              cells.map((text, i) => doc.struct(header ? "TH" : "TD", {}, cell(text, i))),
            ),
          );
        } else artifact(doc, () => cells.forEach((text, i) => cell(text, i)()), "Pagination");
        artifact(doc, () =>
          doc
            .moveTo(MARGIN, y + height)
            .lineTo(MARGIN + width, y + height)
            .strokeColor("#e5e7eb")
            .lineWidth(0.5)
            .stroke(),
        );
      },
    };
  };
  const header = row(table.columns, true);
  const repeated = row(table.columns, true, false);
  return [
    { ...header, space: 8, keepWithNext: true },
    ...table.rows.map((cells) => ({ ...row(cells, false), repeat: repeated })),
  ];
}

/**
 * A chart under its own caption, as one piece: the two never part. The caption is the chart's heading; the chart is a
 * figure whose alternative text says what it shows, figures included.
 */
export function chartPiece(
  doc: Doc,
  parent: Struct,
  caption: string,
  chartHeight: number,
  alt: string,
  drawChart: (y: number) => void,
): Piece {
  return {
    height: 22 + chartHeight,
    space: 14,
    draw(y) {
      parent.add(
        doc.struct("H3", {}, () =>
          doc
            .font("Helvetica-Bold")
            .fontSize(10)
            .fillColor(ACCENT)
            .text(caption, MARGIN, y, { width: contentWidth(doc) }),
        ),
      );
      parent.add(doc.struct("Figure", { alt }, () => drawChart(y + 22)));
    },
  };
}

export function notePiece(doc: Doc, parent: Struct, note: string): Piece {
  doc.font("Helvetica-Oblique").fontSize(8.5);
  const height = doc.heightOfString(note, { width: contentWidth(doc) });
  return {
    height,
    space: 8,
    draw(y) {
      parent.add(
        doc.struct("P", {}, () =>
          doc
            .font("Helvetica-Oblique")
            .fontSize(8.5)
            .fillColor(MUTED)
            .text(note, MARGIN, y, { width: contentWidth(doc) }),
        ),
      );
    },
  };
}
