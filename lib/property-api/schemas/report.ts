import { z } from "zod";

export const REPORT_SECTION_IDS = [
  "property-details",
  "flood-zone",
  "utilities",
  "legal-information",
  "interior",
  "ownership",
  "building",
  "external-improvements",
  "tax-and-assessment",
  "sales-history",
  "active-mortgages",
  "equity-analysis",
  "recently-sold-comparables",
  "automated-valuation-models",
] as const;

const Fact = z.object({ label: z.string(), value: z.string() });

export const ReportSection = z.object({
  id: z.enum(REPORT_SECTION_IDS),
  title: z.string(),
  facts: z.array(Fact),
  table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
  note: z.string().optional(),
});

/** The JSON form of the property report; the PDF and HTML forms render the same model. */
export const PropertyReport = z.object({
  title: z.string(),
  generatedAt: z.iso.datetime(),
  applicantName: z.string(),
  address: z.object({ oneLine: z.string(), apn: z.string(), county: z.string() }),
  branding: z.object({ provider: z.string(), estimateName: z.string(), disclaimer: z.string() }),
  valuation: z.object({
    eventDate: z.iso.date(),
    value: z.number(),
    low: z.number(),
    high: z.number(),
    confidenceScore: z.number(),
  }),
  /** The numbers behind the report's charts. */
  charts: z.object({
    valueRanges: z.array(z.object({ label: z.string(), low: z.number(), high: z.number() })),
    assessments: z.array(z.object({ year: z.number().int(), market: z.number(), assessed: z.number() })),
  }),
  sections: z.array(ReportSection).length(REPORT_SECTION_IDS.length),
});

export type PropertyReport = z.output<typeof PropertyReport>;
export type ReportSection = z.output<typeof ReportSection>;
