import type { PropertyReport, ReportSection } from "@/lib/property-api";
import { formatDate, formatLoanType, formatPercent, MINUS } from "@/lib/format";

// A day in a value ("$412,000 on 2025-06-14"), not a part of a parcel number or a document number.
const ISO_DAY = /(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/g;
const NEGATIVE_USD = /\$-(?=\d)/g;
const RATE = /^(\d+(?:\.\d+)?)%$/;

/** The columns that quote the deed as recorded (last name first, upper case): said so, since the rest reads as people write. */
const AS_RECORDED: Record<string, string> = { Owner: "Owner, as recorded", Buyer: "Buyer, as recorded", Seller: "Seller, as recorded" };

function value(text: string, minus: boolean): string {
  const dated = text.replace(ISO_DAY, (day) => formatDate(day));
  return minus ? dated.replace(NEGATIVE_USD, `${MINUS}$`) : dated;
}

function cell(column: string, text: string, minus: boolean): string {
  const rate = column === "Rate" ? RATE.exec(text) : null;
  if (rate) return formatPercent(Number(rate[1]), "rate");
  if (column === "Type" && /^[A-Z]+$/.test(text)) return formatLoanType(text);
  return value(text, minus);
}

function section(s: ReportSection, minus: boolean): ReportSection {
  const loans = s.id === "active-mortgages";
  return {
    ...s,
    facts: s.facts.map((f) => ({ ...f, value: value(f.value, minus) })),
    table: s.table && {
      columns: s.table.columns.map((c) => AS_RECORDED[c] ?? c),
      rows: s.table.rows.map((row) => row.map((text, i) => (loans ? cell(s.table!.columns[i]!, text, minus) : value(text, minus)))),
    },
  };
}

/**
 * The report as its HTML page and PDF show it to people: the service's answer keeps ISO days and its own figures (the
 * app reads them), the pages say "November 1, 2026", "FHA", "6.5%" and "−$5,000". The deed's names stay as recorded,
 * under a heading that says so. `minus: false` keeps the hyphen-minus for the PDF's standard fonts, which have no U+2212.
 */
export function reportForPeople(report: PropertyReport, { minus = true } = {}): PropertyReport {
  return {
    ...report,
    valuation: { ...report.valuation, eventDate: formatDate(report.valuation.eventDate) },
    sections: report.sections.map((s) => section(s, minus)),
  };
}
