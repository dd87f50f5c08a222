import { z } from "zod";
import { displayCase } from "@/lib/address";

/**
 * A home's records as its page shows them, read from the JSON property report: sales, the assessor's values, the
 * estimate and the estimates this app received before, the comparable sales behind the estimate, the active loans.
 * A section the report lacks is null ("not on record"), never a failure; a cell the records lack is null.
 */
const Estimate = z.object({ date: z.string(), value: z.number(), low: z.number(), high: z.number() });
export const HomeRecordsDto = z.object({
  sales: z.array(z.object({ date: z.string(), price: z.number() })).nullable(),
  assessments: z
    .array(z.object({ year: z.number(), marketValue: z.number(), assessedValue: z.number().nullable() }))
    .nullable(),
  /** The report's own estimate. */
  estimate: Estimate.extend({ confidence: z.number().nullable() }).nullable(),
  /** Every estimate the app has received for the home, oldest first, one per estimate date. */
  estimates: z.array(Estimate),
  livingSqft: z.number().nullable(),
  comparables: z
    .array(
      z.object({
        address: z.string(),
        date: z.string().nullable(),
        price: z.number().nullable(),
        livingSqft: z.number().nullable(),
        pricePerSqft: z.number().nullable(),
        distanceMiles: z.number().nullable(),
      }),
    )
    .nullable(),
  loans: z
    .array(
      z.object({
        position: z.number().nullable(),
        lender: z.string().nullable(),
        type: z.string().nullable(),
        ratePercent: z.number().nullable(),
        originalAmount: z.number().nullable(),
        recordedDate: z.string().nullable(),
        estimatedBalance: z.number().nullable(),
      }),
    )
    .nullable(),
  stale: z.boolean().optional(),
});
export type HomeRecordsDto = z.infer<typeof HomeRecordsDto>;
export type EstimatePoint = z.infer<typeof Estimate>;

// The report as far as the page reads it. Lenient on purpose: each part is read on its own, so a section missing or
// malformed costs that section only.
const Table = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) });
const Section = z.object({
  id: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })).catch([]),
  table: Table.optional().catch(undefined),
});
type Section = z.infer<typeof Section>;
const ReportValuation = z.object({
  eventDate: z.iso.date(),
  value: z.number(),
  low: z.number(),
  high: z.number(),
  confidenceScore: z.number().optional(),
});
const ChartAssessments = z.array(
  z.object({ year: z.number().int(), market: z.number(), assessed: z.number().optional() }),
);
const ReportJson = z.object({
  valuation: ReportValuation.optional().catch(undefined),
  charts: z
    .object({ assessments: ChartAssessments.optional().catch(undefined) })
    .optional()
    .catch(undefined),
  sections: z.array(z.unknown()).catch([]),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The number in a report cell: "$634,000", "6.746%", "1,210 sq ft", "0.19 mi"; null for "Not available" and the like.
 */
export function numberIn(text: string | undefined): number | null {
  const match = text?.replace(/,/g, "").match(/-?\d+(\.\d+)?/);
  return match ? Number(match[0]) : null;
}

const dateIn = (text: string | undefined) => (text && ISO_DATE.test(text.trim()) ? text.trim() : null);
const textIn = (text: string | undefined) => (text?.trim() ? text.trim() : null);
const simplify = (label: string) => label.toLowerCase().replace(/[^a-z]/g, "");

/** The rows of a section's table as cells read by column name (the order of columns is not relied on). */
function rowsOf(section: Section | undefined): ((...names: string[]) => string | undefined)[] | null {
  if (!section) return null;
  if (!section.table) return [];
  const columns = section.table.columns.map(simplify);
  return section.table.rows.map((row) => (...names) => {
    const index = columns.findIndex((c) => names.map(simplify).includes(c));
    return index < 0 ? undefined : row[index];
  });
}

/** The page's records from the JSON report's body. Throws only when the body is no JSON object at all. */
export function toHomeRecords(body: unknown): Omit<HomeRecordsDto, "estimates"> {
  const report = ReportJson.parse(body);
  const sections = new Map<string, Section>();
  for (const raw of report.sections) {
    const section = Section.safeParse(raw);
    if (section.success && !sections.has(section.data.id)) sections.set(section.data.id, section.data);
  }

  const sales = rowsOf(sections.get("sales-history"))
    ?.map((cell) => ({ date: dateIn(cell("Date")), price: numberIn(cell("Price")) }))
    .filter((s): s is { date: string; price: number } => s.date !== null && s.price !== null && s.price > 0)
    .sort((a, b) => a.date.localeCompare(b.date));

  const fromChart = report.charts?.assessments?.map((a) => ({
    year: a.year,
    marketValue: a.market,
    assessedValue: a.assessed ?? null,
  }));
  const fromTable = rowsOf(sections.get("tax-and-assessment"))
    ?.map((cell) => ({
      year: numberIn(cell("Year")),
      marketValue: numberIn(cell("Market value")),
      assessedValue: numberIn(cell("Assessed value")),
    }))
    .filter(
      (a): a is { year: number; marketValue: number; assessedValue: number | null } =>
        a.year !== null && a.marketValue !== null,
    );
  const assessments = (fromChart?.length ? fromChart : fromTable)?.slice().sort((a, b) => a.year - b.year);

  const comparables = rowsOf(sections.get("recently-sold-comparables"))
    ?.map((cell) => ({
      address: textIn(cell("Address")) ?? "Address not on record",
      date: dateIn(cell("Sold", "Date")),
      price: numberIn(cell("Price")),
      livingSqft: numberIn(cell("Living area")),
      pricePerSqft: numberIn(cell("Price / sq ft", "Price per sq ft")),
      distanceMiles: numberIn(cell("Distance")),
    }))
    .map((c) => ({
      ...c,
      pricePerSqft: c.pricePerSqft ?? (c.price && c.livingSqft ? Math.round(c.price / c.livingSqft) : null),
    }));

  const loans = rowsOf(sections.get("active-mortgages"))?.map((cell) => ({
    position: numberIn(cell("Position")),
    lender: textIn(cell("Lender")),
    type: textIn(cell("Type")) && displayCase(textIn(cell("Type"))!),
    ratePercent: numberIn(cell("Rate")),
    originalAmount: numberIn(cell("Original amount")),
    recordedDate: dateIn(cell("Recorded", "Recording date")),
    estimatedBalance: numberIn(cell("Estimated balance", "Balance")),
  }));

  const living = sections.get("property-details")?.facts.find((f) => simplify(f.label) === "livingarea");
  const v = report.valuation;
  return {
    sales: sales ?? null,
    assessments: assessments ?? null,
    estimate: v
      ? { date: v.eventDate, value: v.value, low: v.low, high: v.high, confidence: v.confidenceScore ?? null }
      : null,
    livingSqft: numberIn(living?.value) || null,
    comparables: comparables ?? null,
    loans: loans ?? null,
  };
}

/** Estimates by date, oldest first: later entries replace earlier ones of the same date. */
export function mergeEstimates(...lists: EstimatePoint[][]): EstimatePoint[] {
  const byDate = new Map<string, EstimatePoint>();
  for (const point of lists.flat()) byDate.set(point.date, point);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
