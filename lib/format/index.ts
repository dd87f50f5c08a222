/**
 * How the app writes figures, dates, loan types and names for people: the page, the letter, the mail's body and the
 * report (HTML and PDF) all call these, so one fact reads the same wherever it appears. Pure: no server-only imports,
 * so client components use it too.
 *
 * The minus sign is U+2212 ("−") in text: a hyphen-minus reads as a dash beside a dollar sign, and a screen reader
 * may skip it. Machine-read values (CSV, JSON, `Date` headers, which stay RFC 5322) are not written here.
 */

/** The minus sign people read ("−", U+2212). */
export const MINUS = "\u2212";

/** The languages people read the app in (lib/i18n/locales.ts re-exports these for the rest of the app). */
export type FormatLocale = "en" | "es";

/**
 * `Intl`'s tag for each language. The app's Spanish is US Spanish (a homeowner in Texas, not in Madrid), whose readers
 * write figures as US English does: "es-US" writes "$412,000", "11.9%" and "1 de diciembre de 2026", where "es" would
 * write Spain's "412.000 US$" and "11,9 %" (messages/GLOSSARY.md, "Numbers, money and dates"). Dates are always read in
 * UTC, as the service and the records give them.
 */
export const INTL_TAG: Record<FormatLocale, string> = { en: "en-US", es: "es-US" };

const LOAN_TYPES: Record<FormatLocale, Record<string, string>> = {
  en: {
    conventional: "Conventional",
    conv: "Conventional",
    fha: "FHA",
    va: "VA",
    usda: "USDA",
    jumbo: "Jumbo",
    heloc: "HELOC",
    private: "Private",
    other: "Other",
  },
  es: {
    conventional: "Convencional",
    conv: "Convencional",
    fha: "FHA",
    va: "VA",
    usda: "USDA",
    jumbo: "Jumbo",
    heloc: "HELOC",
    private: "Privado",
    other: "Otro",
  },
};

/**
 * Percentages, one precision per kind of figure:
 * - `ltv`: a loan-to-value, one decimal ("78.4%");
 * - `share`: another part of a whole, such as a cache's hit rate, one decimal ("42.0%");
 * - `whole`: a round share, such as the maximum LTV or a match score ("80%");
 * - `rate`: a note or market rate, at its own precision up to three decimals ("6.125%", "6.5%", "7%");
 * - `change`: a change over time, one decimal with its sign ("+2.3%", "−1.5%", "0.0%").
 * Every kind takes the percentage itself (78.4 for 78.4%), not a fraction.
 */
export type PercentKind = "ltv" | "share" | "whole" | "rate" | "change";

const PERCENT_DIGITS: Record<PercentKind, [number, number]> = {
  ltv: [1, 1],
  share: [1, 1],
  whole: [0, 0],
  rate: [0, 3],
  change: [1, 1],
};

/**
 * Dates: "YYYY-MM-DD" is a day (read in UTC, whatever the machine's zone); any other string or a Date is an instant.
 */
export type DateInput = string | Date;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_ONLY = /^\d{4}-\d{2}$/;

function instant(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (DAY_ONLY.test(value)) return new Date(`${value}T00:00:00Z`);
  if (MONTH_ONLY.test(value)) return new Date(`${value}-01T00:00:00Z`);
  return new Date(value);
}

/**
 * Every figure, date and loan type of one language, written the same way on the page, in the mail and in the report.
 */
export interface Formats {
  locale: FormatLocale;
  /** "$412,000" / "412.000 US$"; a negative amount "−$1,200". */
  usd(value: number): string;
  /** A whole number grouped by thousands: "1,869" / "1869"; a negative one "−12". */
  count(value: number): string;
  /** A number at a fixed precision, U+2212 when negative: a longitude "−112.03011". */
  number(value: number, fractionDigits?: number): string;
  /** A number with its direction, such as a UTC offset: "+3", "−7", "0". */
  signed(value: number): string;
  /** An amount with its direction: "+$1,200", "−$1,200", "$0". */
  signedUsd(value: number): string;
  /** A percentage at its kind's precision (see PercentKind): "78.4%" / "78,4 %". */
  percent(percent: number, kind: PercentKind): string;
  /** A day: "November 26, 2026" / "26 de noviembre de 2026" (UTC). */
  date(value: DateInput): string;
  /** A month: "November 2026" / "noviembre de 2026". */
  month(value: DateInput): string;
  /**
   * A day named: "Thursday, November 26" / "jueves, 26 de noviembre" (the year goes without saying in a daily mail).
   */
  weekday(value: DateInput): string;
  /** An instant: "November 26, 2026 at 3:04 PM UTC" / "26 de noviembre de 2026, 15:04 UTC"; `seconds` adds them. */
  dateTime(value: DateInput, options?: { seconds?: boolean }): string;
  /** A loan's type as lenders write it: "FHA", "VA", "Conventional" / "Convencional"; unknown words title-cased. */
  loanType(type: string): string;
}

function makeFormats(locale: FormatLocale): Formats {
  const tag = INTL_TAG[locale];
  // One formatter each: `toLocaleDateString` with options builds a new one per call, which cost a dashboard view 3% of
  // its CPU.
  const usd = new Intl.NumberFormat(tag, { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  const grouped = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const fixed = new Map<number, Intl.NumberFormat>();
  const fixedFormat = (digits: number) => {
    let format = fixed.get(digits);
    if (!format)
      fixed.set(
        digits,
        (format = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits })),
      );
    return format;
  };
  const percents = Object.fromEntries(
    Object.entries(PERCENT_DIGITS).map(([kind, [min, max]]) => [
      kind,
      new Intl.NumberFormat(tag, { style: "percent", minimumFractionDigits: min, maximumFractionDigits: max }),
    ]),
  ) as Record<PercentKind, Intl.NumberFormat>;
  const longDate = new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const monthYear = new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", timeZone: "UTC" });
  const weekdayDate = new Intl.DateTimeFormat(tag, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
  const clock = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  const clockSeconds = new Intl.DateTimeFormat(tag, {
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "UTC",
  });
  // Whether a figure rounds to zero at the precision it is written in (a zero has no sign).
  const roundsToZero = (value: number, digits: number) => Math.round(Math.abs(value) * 10 ** digits) === 0;
  const number = (value: number, fractionDigits = 0) =>
    (value < 0 && !roundsToZero(value, fractionDigits) ? MINUS : "") +
    fixedFormat(fractionDigits).format(Math.abs(value));
  const loanTypes = LOAN_TYPES[locale];
  return {
    locale,
    usd: (value) => (value < 0 && Math.round(value) !== 0 ? MINUS : "") + usd.format(Math.abs(value)),
    count: (value) => (value < 0 && Math.round(value) !== 0 ? MINUS : "") + grouped.format(Math.abs(value)),
    number,
    signed: (value) => (value > 0 ? "+" : "") + number(value, Number.isInteger(value) ? 0 : 1),
    signedUsd: (value) =>
      Math.round(value) === 0 ? usd.format(0) : (value > 0 ? "+" : MINUS) + usd.format(Math.abs(value)),
    percent(percent, kind) {
      // Zero at the kind's precision has no sign: "−0.0%" would claim a fall too small to show.
      const zero = roundsToZero(percent, PERCENT_DIGITS[kind][1]);
      const sign = zero ? "" : percent < 0 ? MINUS : kind === "change" ? "+" : "";
      return sign + percents[kind].format(Math.abs(percent) / 100);
    },
    date: (value) => longDate.format(instant(value)),
    month: (value) => monthYear.format(instant(value)),
    weekday: (value) => weekdayDate.format(instant(value)),
    dateTime(value, { seconds = false } = {}) {
      const at = instant(value);
      const time = (seconds ? clockSeconds : clock).format(at);
      return locale === "es" ? `${longDate.format(at)}, ${time} UTC` : `${longDate.format(at)} at ${time} UTC`;
    },
    loanType(type) {
      const key = type.trim().toLowerCase();
      return (
        loanTypes[key] ??
        key.replace(/(^|[\s-])([a-z])/g, (_, gap: string, letter: string) => gap + letter.toUpperCase())
      );
    },
  };
}

const FORMATS: Record<FormatLocale, Formats> = { en: makeFormats("en"), es: makeFormats("es") };

/**
 * The formats of a language: `formatsFor(locale).usd(412000)`. Pages get theirs from `useFormats()` or `getFormats()`
 * (lib/i18n).
 */
export const formatsFor = (locale: FormatLocale): Formats => FORMATS[locale] ?? FORMATS.en;

// English, for what staff read and what the app writes for machines and logs; what a homeowner reads goes through
// `formatsFor(locale)` instead.
const en = FORMATS.en;
export const formatUsd = en.usd;
export const formatCount = en.count;
export const formatNumber = en.number;
export const formatSigned = en.signed;
export const formatSignedUsd = en.signedUsd;
export const formatPercent = en.percent;
export const formatDate = en.date;
export const formatMonth = en.month;
export const formatWeekday = en.weekday;
export const formatDateTime = en.dateTime;
export const formatLoanType = en.loanType;

/** A name's parts as a deed or the service records them (any case). `firstAndMiddle` is the service's "JOHN O". */
export interface RecordedName {
  last: string;
  first?: string;
  middle?: string;
  firstAndMiddle?: string;
  suffix?: string;
}

const SUFFIXES: Record<string, string> = { JR: "Jr.", SR: "Sr.", II: "II", III: "III", IV: "IV", V: "V", ESQ: "Esq." };
// Words that begin a last name of more than one word in deed order ("DE LA CRUZ MARIA", "ST JOHN PETER").
const PARTICLES = new Set([
  "DE",
  "LA",
  "DEL",
  "DELA",
  "VAN",
  "VON",
  "DER",
  "DEN",
  "ST",
  "STE",
  "DI",
  "DA",
  "DU",
  "DOS",
  "DAS",
  "AL",
]);
// Words that say an owner is not a person: their names keep their order.
const ENTITY_WORDS =
  /\b(LLC|L\.L\.C|INC|CORP|CORPORATION|CO|COMPANY|LP|LLP|LTD|TRUST|TR|TRUSTEE|ESTATE|BANK|ASSOCIATION|ASSN|HOLDINGS|PROPERTIES|PARTNERS|BUILDER|BUILDERS|HOMES|CHURCH|CITY|COUNTY|STATE)\b/i;
// Irish "O'" names the records write without the apostrophe ("OBRIEN"); "Okafor" or "Olsen" are not among them.
const O_NAMES = new Set([
  "OBRIEN",
  "OCONNOR",
  "OCONNELL",
  "ODONNELL",
  "ONEILL",
  "ONEAL",
  "OREILLY",
  "OSULLIVAN",
  "OMALLEY",
  "OHARA",
  "OKEEFE",
  "ODELL",
  "OROURKE",
  "OSHEA",
  "ODONOGHUE",
  "OGRADY",
  "OTOOLE",
  "OLEARY",
  "OBRYAN",
  "OCALLAGHAN",
  "OKANE",
  "OMEARA",
  "OMARA",
]);
// "Mac" names people write with a capital after it; "Mack", "Macon" or "Machado" are not.
const MAC_NAMES = new Set([
  "MACDONALD",
  "MACARTHUR",
  "MACKENZIE",
  "MACLEOD",
  "MACGREGOR",
  "MACINTYRE",
  "MACMILLAN",
  "MACDOUGALL",
  "MACLEAN",
  "MACNEIL",
  "MACPHERSON",
  "MACFARLANE",
  "MACAULAY",
  "MACKINNON",
]);

function nameWord(word: string): string {
  const upper = word.toUpperCase();
  if (O_NAMES.has(upper)) return `O'${upper[1]}${upper.slice(2).toLowerCase()}`;
  if (MAC_NAMES.has(upper)) return `Mac${upper[3]}${upper.slice(4).toLowerCase()}`;
  if (upper === "ST") return "St.";
  return word
    .toLowerCase()
    .split(/([-'’])/)
    .map((part) =>
      part
        .replace(/^([a-z])/, (letter) => letter.toUpperCase())
        .replace(/^Mc([a-z])/, (_, letter: string) => `Mc${letter.toUpperCase()}`),
    )
    .join("");
}

const words = (text: string | undefined) => (text ?? "").trim().split(/\s+/).filter(Boolean);

/** One part of a name (given or family) as people write it: "OBRIEN" → "O'Brien", "DE LA CRUZ" → "De La Cruz". */
export const formatName = (text: string) => words(text).map(nameWord).join(" ");
const initial = (word: string) => (/^[A-Za-z]$/.test(word) ? `${word.toUpperCase()}.` : nameWord(word));

/**
 * An entity's name (a trust, a company) in mixed case, its order kept: "Smith Family Trust", "Sunrise Holdings LLC".
 */
function entityName(text: string): string {
  return words(text)
    .map((w) => (/^(LLC|LP|LLP|II|III|IV)$/i.test(w) ? w.toUpperCase() : nameWord(w)))
    .join(" ");
}

/**
 * An owner's name as a person writes it: given name, middle initials with a period, last name, suffix ("John O.
 * Fitzgerald III", "Mary O'Brien", "Ana De La Cruz-Lopez"). Takes the service's parts, or one deed-order line
 * ("FITZGERALD JOHN O III"); a trust's or a company's name keeps its order, in mixed case. Where a report quotes the
 * record, it shows the record as it is, not this.
 */
export function formatOwnerName(name: RecordedName | string): string {
  if (typeof name === "string") {
    if (ENTITY_WORDS.test(name)) return entityName(name);
    const tokens = words(name);
    const suffix =
      tokens.length > 2 && SUFFIXES[tokens.at(-1)!.toUpperCase().replace(/\.$/, "")] ? tokens.pop() : undefined;
    let split = 1;
    while (split < tokens.length - 1 && PARTICLES.has(tokens[split - 1]!.toUpperCase())) split++;
    return formatOwnerName({
      last: tokens.slice(0, split).join(" "),
      firstAndMiddle: tokens.slice(split).join(" "),
      suffix,
    });
  }
  const given =
    name.firstAndMiddle !== undefined ? words(name.firstAndMiddle) : [...words(name.first), ...words(name.middle)];
  if (!given.length && ENTITY_WORDS.test(name.last)) return entityName(name.last);
  const [first, ...middle] = given;
  const suffixWord = name.suffix?.trim().toUpperCase().replace(/\.$/, "");
  const suffix = suffixWord ? (SUFFIXES[suffixWord] ?? nameWord(suffixWord)) : "";
  return [first ? nameWord(first) : "", ...middle.map(initial), ...words(name.last).map(nameWord), suffix]
    .filter(Boolean)
    .join(" ");
}
