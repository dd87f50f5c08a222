import type PDFDocument from "pdfkit";
import { formatsFor, INTL_TAG, MINUS } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";

type Doc = InstanceType<typeof PDFDocument>;

const INK = "#1f2937";
const MUTED = "#6b7280";
const GRID = "#e5e7eb";
const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
const short = (n: number) => (n >= 1e6 ? `$${(n / 1e6).toFixed(2)}M` : `$${Math.round(n / 1000)}K`);

/** Dollars in a language, in the PDF's standard fonts (a hyphen-minus, not U+2212): English as it always was. */
const usdIn = (locale: Locale) =>
  locale === "en" ? usd : (n: number) => formatsFor(locale).usd(Math.round(n)).replaceAll(MINUS, "-");
const shortIn = (locale: Locale) =>
  locale === "en"
    ? short
    : (n: number) =>
        new Intl.NumberFormat(INTL_TAG[locale], {
          style: "currency",
          currency: "USD",
          notation: "compact",
          maximumFractionDigits: n >= 1e6 ? 2 : 0,
        }).format(n);

export interface RangeBar {
  label: string;
  low: number;
  high: number;
  color: string;
}

const RANGE_ROW = 22;
/** The height drawRangeChart takes for this many bars, known before it draws. */
export const rangeChartHeight = (bars: number) => bars * RANGE_ROW + 34;
export const YEAR_BARS_HEIGHT = 130;

/** What a range chart shows, as its alternative text: the estimate and each range in figures. */
export const rangeChartAlt = (bars: RangeBar[], marker: { label: string; value: number }, locale: Locale = "en") => {
  const t = translator(locale, "ReportDoc");
  const money = usdIn(locale);
  return t("rangeAlt", {
    marker: `${marker.label} ${money(marker.value)}`,
    bars: bars.map((b) => t("rangeAltBar", { label: b.label, low: money(b.low), high: money(b.high) })).join("; "),
  });
};

/** What the year bars show, as their alternative text: each year's market and assessed value. */
export const yearBarsAlt = (series: { year: number; market: number; assessed: number }[], locale: Locale = "en") => {
  const t = translator(locale, "ReportDoc");
  const money = usdIn(locale);
  return t("yearAlt", {
    years: series
      .map((s) => t("yearAltYear", { year: String(s.year), market: money(s.market), assessed: money(s.assessed) }))
      .join("; "),
  });
};

/** Horizontal ranges on one value axis, with the point estimate marked: the valuation and its condition ranges. */
export function drawRangeChart(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  bars: RangeBar[],
  marker: { label: string; value: number },
  locale: Locale = "en",
): number {
  const usd = usdIn(locale);
  const short = shortIn(locale);
  const labelWidth = 110;
  const plotX = x + labelWidth;
  const plotWidth = width - labelWidth - 10;
  const min = Math.min(...bars.map((b) => b.low)) * 0.97;
  const max = Math.max(...bars.map((b) => b.high)) * 1.03;
  const at = (value: number) => plotX + ((value - min) / (max - min)) * plotWidth;
  const rowHeight = RANGE_ROW;
  const height = rangeChartHeight(bars.length);

  for (let i = 0; i <= 4; i++) {
    const value = min + ((max - min) * i) / 4;
    doc
      .moveTo(at(value), y)
      .lineTo(at(value), y + bars.length * rowHeight)
      .strokeColor(GRID)
      .lineWidth(0.5)
      .stroke();
    doc
      .font("Helvetica")
      .fontSize(7)
      .fillColor(MUTED)
      .text(short(value), at(value) - 25, y + bars.length * rowHeight + 4, { width: 50, align: "center" });
  }
  bars.forEach((bar, i) => {
    const top = y + i * rowHeight + 5;
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .fillColor(INK)
      .text(bar.label, x, top + 2, { width: labelWidth - 8 });
    doc.rect(at(bar.low), top, Math.max(2, at(bar.high) - at(bar.low)), 12).fill(bar.color);
  });
  const markerX = at(marker.value);
  doc
    .moveTo(markerX, y - 4)
    .lineTo(markerX, y + bars.length * rowHeight)
    .strokeColor(INK)
    .lineWidth(1.5)
    .stroke();
  doc
    .font("Helvetica-Bold")
    .fontSize(8)
    .fillColor(INK)
    .text(`${marker.label} ${usd(marker.value)}`, markerX - 80, y + bars.length * rowHeight + 16, {
      width: 160,
      align: "center",
    });
  return height;
}

/** Vertical bars per year: assessed value (and the assessor's market value) over time. */
export function drawYearBars(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  series: { year: number; market: number; assessed: number }[],
  locale: Locale = "en",
): number {
  const t = translator(locale, "ReportDoc");
  const short = shortIn(locale);
  const height = YEAR_BARS_HEIGHT;
  const plotHeight = height - 36;
  const max = Math.max(...series.map((s) => s.market)) * 1.1;
  const slot = width / series.length;
  const barWidth = Math.min(26, slot / 3);
  doc
    .moveTo(x, y + plotHeight)
    .lineTo(x + width, y + plotHeight)
    .strokeColor(GRID)
    .lineWidth(0.5)
    .stroke();
  series.forEach((s, i) => {
    const center = x + slot * i + slot / 2;
    const bar = (value: number, offset: number, color: string) => {
      const h = (value / max) * plotHeight;
      doc.rect(center + offset, y + plotHeight - h, barWidth, h).fill(color);
    };
    bar(s.market, -barWidth - 1, "#86efac");
    bar(s.assessed, 1, "#0f5132");
    doc
      .font("Helvetica")
      .fontSize(7.5)
      .fillColor(INK)
      .text(String(s.year), center - 20, y + plotHeight + 4, { width: 40, align: "center" });
    doc
      .fontSize(6.5)
      .fillColor(MUTED)
      .text(short(s.market), center - barWidth - 12, y + plotHeight - (s.market / max) * plotHeight - 10, {
        width: barWidth + 24,
        align: "center",
      });
  });
  const legendY = y + plotHeight + 18;
  doc.rect(x, legendY, 8, 8).fill("#86efac");
  doc
    .font("Helvetica")
    .fontSize(7.5)
    .fillColor(INK)
    .text(t("legendMarket"), x + 12, legendY);
  doc.rect(x + 130, legendY, 8, 8).fill("#0f5132");
  doc.fillColor(INK).text(t("legendAssessed"), x + 142, legendY);
  return height;
}

/** The service's mark, drawn as vectors: a house on a rounded square. */
export function drawLogo(doc: Doc, x: number, y: number, size: number) {
  const s = size / 32;
  doc.roundedRect(x, y, size, size, 7 * s).fill("#0f5132");
  doc
    .polygon(
      [x + 6 * s, y + 16.5 * s],
      [x + 16 * s, y + 8 * s],
      [x + 26 * s, y + 16.5 * s],
      [x + 26 * s, y + 26 * s],
      [x + 19 * s, y + 26 * s],
      [x + 19 * s, y + 20 * s],
      [x + 13 * s, y + 20 * s],
      [x + 13 * s, y + 26 * s],
      [x + 6 * s, y + 26 * s],
    )
    .fill("#ffffff");
  doc.circle(x + 23.5 * s, y + 9.5 * s, 3.5 * s).fill("#86efac");
}
