import type { PropertyReport, ReportSection } from "@/lib/property-api";
import { formatsFor, MINUS } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { factWords, type FactWords } from "@/lib/i18n/fact-words-logged";
import { translator } from "@/lib/i18n/messages";
import { factCell, factValue } from "./fact-rows";
import { reportWords, type ReportWords } from "./localize";

// A day in a value ("$412,000 on 2025-06-14"), not a part of a parcel number or a document number.
const ISO_DAY = /(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/g;
const NEGATIVE_USD = /\$-(?=\d)/g;
const RATE = /^(\d+(?:\.\d+)?)%$/;

/**
 * The columns that quote the deed as recorded (last name first, upper case): said so, since the rest reads as people
 * write.
 */
const AS_RECORDED = { Owner: "ownerAsRecorded", Buyer: "buyerAsRecorded", Seller: "sellerAsRecorded" } as const;

interface Reading {
  locale: Locale;
  minus: boolean;
  /** The service's words in the reader's language; none for English (the service's own). */
  words?: ReportWords;
  /** The records' codes in words, in every language (the service's own words for them are its codes, title-cased). */
  facts: FactWords;
}

function value(text: string, { locale, minus, words }: Reading): string {
  if (words) return words.word(text);
  const dated = text.replace(ISO_DAY, (day) => formatsFor(locale).date(day));
  return minus ? dated.replace(NEGATIVE_USD, `${MINUS}$`) : dated;
}

function cell(column: string, text: string, reading: Reading): string {
  const f = formatsFor(reading.locale);
  const rate = column === "Rate" ? RATE.exec(text) : null;
  if (rate) return f.percent(Number(rate[1]), "rate");
  if (column === "Type" && /^[A-Z]+$/.test(text)) return f.loanType(text);
  return value(text, reading);
}

function section(s: ReportSection, reading: Reading): ReportSection {
  const loans = s.id === "active-mortgages";
  const t = translator(reading.locale, "ReportDoc");
  const word = (text: string) => (reading.words ? reading.words.word(text) : text);
  return {
    ...s,
    title: word(s.title),
    facts: s.facts.map((f) => ({
      label: word(f.label),
      value: factValue(reading.facts, f.label, f.value) ?? value(f.value, reading),
    })),
    table: s.table && {
      columns: s.table.columns.map((c) => (c in AS_RECORDED ? t(AS_RECORDED[c as keyof typeof AS_RECORDED]) : word(c))),
      rows: s.table.rows.map((row) =>
        row.map((text, i) => {
          const column = s.table!.columns[i]!;
          return (
            factCell(reading.facts, s.id, column, text) ?? (loans ? cell(column, text, reading) : value(text, reading))
          );
        }),
      ),
    },
    note: s.note && word(s.note),
  };
}

/** The PDF's standard fonts (WinAnsi) have no U+2212: a hyphen-minus there. */
const withoutMinus = (report: PropertyReport): PropertyReport =>
  JSON.parse(JSON.stringify(report).replaceAll(MINUS, "-")) as PropertyReport;

/**
 * The report as its HTML page and PDF show it to people: the service's answer keeps ISO days and its own figures (the
 * app reads them), the pages say "November 1, 2026", "FHA", "6.5%" and "−$5,000". The deed's names stay as recorded,
 * under a heading that says so. `minus: false` keeps the hyphen-minus for the PDF's standard fonts, which have no
 * U+2212. In another `locale` than English, the service's English words and figures are said again in it
 * (./localize.ts); in every language the records' codes ("Frame", "Joint Tenants") are the catalogue's words for them,
 * the property page's (./fact-rows.ts).
 */
export function reportForPeople(
  report: PropertyReport,
  { minus = true, locale = "en" }: { minus?: boolean; locale?: Locale } = {},
): PropertyReport {
  const words = locale === "en" ? undefined : reportWords(locale);
  const reading: Reading = { locale, minus, words, facts: factWords(locale) };
  const word = (text: string) => (words ? words.word(text) : text);
  const people: PropertyReport = {
    ...report,
    title: word(report.title),
    branding: {
      ...report.branding,
      estimateName: word(report.branding.estimateName),
      disclaimer: word(report.branding.disclaimer),
    },
    valuation: { ...report.valuation, eventDate: formatsFor(locale).date(report.valuation.eventDate) },
    charts: { ...report.charts, valueRanges: report.charts.valueRanges.map((r) => ({ ...r, label: word(r.label) })) },
    sections: report.sections.map((s) => section(s, reading)),
  };
  return words && !minus ? withoutMinus(people) : people;
}
