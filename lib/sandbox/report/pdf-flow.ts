import type PDFDocument from "pdfkit";
import type { ReportSection } from "@/lib/property-api";

export type Doc = InstanceType<typeof PDFDocument>;

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

const heightWithKept = (pieces: Piece[], i: number) => {
  let height = pieces[i]!.height;
  for (let j = i; pieces[j]!.keepWithNext && pieces[j + 1]; j++) height += (pieces[j + 1]!.space ?? 0) + pieces[j + 1]!.height;
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

export function headingPiece(doc: Doc, text: string): Piece {
  doc.font("Helvetica-Bold").fontSize(14);
  const textHeight = doc.heightOfString(text, { width: contentWidth(doc) });
  return {
    height: textHeight + 10,
    space: 16,
    keepWithNext: true,
    draw(y) {
      doc
        .font("Helvetica-Bold")
        .fontSize(14)
        .fillColor(ACCENT)
        .text(text, MARGIN, y, { width: contentWidth(doc) });
      doc
        .moveTo(MARGIN, y + textHeight + 2)
        .lineTo(MARGIN + contentWidth(doc), y + textHeight + 2)
        .strokeColor(ACCENT)
        .lineWidth(1)
        .stroke();
    },
  };
}

/** Two columns of label / value pairs, a row per pair, each row as tall as its tallest label or value. */
export function factPieces(doc: Doc, facts: ReportSection["facts"]): Piece[] {
  const width = contentWidth(doc);
  const half = (width - 24) / 2;
  const labelWidth = half * 0.43;
  const valueWidth = half * 0.55;
  const pieces: Piece[] = [];
  for (let i = 0; i < facts.length; i += 2) {
    const pair = facts.slice(i, i + 2);
    doc.font("Helvetica").fontSize(9);
    const textHeight = Math.max(
      ...pair.flatMap((f) => [doc.heightOfString(f.label, { width: labelWidth }), doc.heightOfString(f.value, { width: valueWidth })]),
    );
    pieces.push({
      height: textHeight + 8,
      draw(y) {
        doc.font("Helvetica").fontSize(9);
        pair.forEach((fact, column) => {
          const left = MARGIN + column * (half + 24);
          doc.fillColor(MUTED).text(fact.label, left, y + 3, { width: labelWidth });
          doc.fillColor(INK).text(fact.value, left + half * 0.45, y + 3, { width: valueWidth });
        });
        doc
          .moveTo(MARGIN, y + textHeight + 7)
          .lineTo(MARGIN + width, y + textHeight + 7)
          .strokeColor("#f1f5f9")
          .lineWidth(0.5)
          .stroke();
      },
    });
  }
  return pieces;
}

/** A table as a header piece and a piece per row; a row that starts a page brings the header with it. */
export function tablePieces(doc: Doc, table: NonNullable<ReportSection["table"]>): Piece[] {
  const width = contentWidth(doc);
  const columnWidth = width / table.columns.length;
  const row = (cells: string[], header: boolean): Piece => {
    const font = header ? "Helvetica-Bold" : "Helvetica";
    doc.font(font).fontSize(7.8);
    const height = Math.max(...cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - 6 }))) + 6;
    return {
      height,
      draw(y) {
        if (header) doc.rect(MARGIN, y, width, height).fill("#f1f5f9");
        doc.font(font).fontSize(7.8);
        cells.forEach((cell, i) => doc.fillColor(header ? ACCENT : INK).text(cell, MARGIN + i * columnWidth + 3, y + 3, { width: columnWidth - 6 }));
        doc
          .moveTo(MARGIN, y + height)
          .lineTo(MARGIN + width, y + height)
          .strokeColor("#e5e7eb")
          .lineWidth(0.5)
          .stroke();
      },
    };
  };
  const header = row(table.columns, true);
  return [{ ...header, space: 8, keepWithNext: true }, ...table.rows.map((cells) => ({ ...row(cells, false), repeat: header }))];
}

/** A chart under its own caption, as one piece: the two never part. */
export function chartPiece(doc: Doc, caption: string, chartHeight: number, drawChart: (y: number) => void): Piece {
  return {
    height: 22 + chartHeight,
    space: 14,
    draw(y) {
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .fillColor(ACCENT)
        .text(caption, MARGIN, y, { width: contentWidth(doc) });
      drawChart(y + 22);
    },
  };
}

export function notePiece(doc: Doc, note: string): Piece {
  doc.font("Helvetica-Oblique").fontSize(8.5);
  const height = doc.heightOfString(note, { width: contentWidth(doc) });
  return {
    height,
    space: 8,
    draw(y) {
      doc
        .font("Helvetica-Oblique")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(note, MARGIN, y, { width: contentWidth(doc) });
    },
  };
}
