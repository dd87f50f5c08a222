import { describe, expect, it } from "vitest";
import { getDataset } from "@/lib/sandbox/dataset";
import { buildReport } from "@/lib/sandbox/report/model";
import { mergeEstimates, numberIn, toHomeRecords } from "./records-dto";

const dataset = getDataset();
const example = dataset.byKey.get("2800 N 24TH ST, PHOENIX, AZ 85008")!;
// The JSON report as it comes over the wire.
const report = JSON.parse(JSON.stringify(buildReport(dataset, example, "Ada Byron")));

describe("reading the home's records from the JSON report", () => {
  const records = toHomeRecords(report);

  it("reads the report's cells as numbers", () => {
    expect(numberIn("$634,000")).toBe(634000);
    expect(numberIn("6.746%")).toBe(6.746);
    expect(numberIn("1,210 sq ft")).toBe(1210);
    expect(numberIn("0.19 mi")).toBe(0.19);
    expect(numberIn("Not available")).toBeNull();
    expect(numberIn(undefined)).toBeNull();
  });

  it("reads sales oldest first, the assessor's values by year and the report's estimate", () => {
    expect(records.sales).toEqual(
      [...example.sales]
        .map((s) => ({ date: s.date, price: Math.round(s.price) }))
        .sort((a, b) => a.date.localeCompare(b.date)),
    );
    expect(records.assessments).toEqual(
      example.assessments.map((a) => ({ year: a.year, marketValue: a.marketValue, assessedValue: a.assessedValue })),
    );
    expect(records.estimate).toEqual({
      date: report.valuation.eventDate,
      value: report.valuation.value,
      low: report.valuation.low,
      high: report.valuation.high,
      confidence: report.valuation.confidenceScore,
    });
    expect(records.livingSqft).toBe(example.livingSqft);
  });

  it("reads every comparable with numbers for price, area, price per sq ft and distance", () => {
    const rows = report.sections.find((s: { id: string }) => s.id === "recently-sold-comparables").table
      .rows as string[][];
    expect(records.comparables).toHaveLength(rows.length);
    const [first] = records.comparables!;
    expect(first).toEqual({
      address: rows[0]![0],
      date: rows[0]![1],
      price: numberIn(rows[0]![2]),
      livingSqft: numberIn(rows[0]![3]),
      pricePerSqft: numberIn(rows[0]![4]),
      distanceMiles: numberIn(rows[0]![5]),
    });
    for (const c of records.comparables!) expect(Object.values(c).every((v) => v !== null)).toBe(true);
  });

  it("reads each active loan as the records show it", () => {
    expect(records.loans).toHaveLength(example.loans.length);
    records.loans!.forEach((loan, i) => {
      const l = example.loans[i]!;
      expect(loan).toMatchObject({
        position: l.position,
        ratePercent: Number(l.rate.toFixed(3)),
        recordedDate: l.originationDate,
      });
      expect(loan.originalAmount).toBe(Math.round(l.originalAmount));
      expect(loan.estimatedBalance).toBe(Math.round(l.balance));
      expect(loan.lender).toBeTruthy();
    });
  });

  it("says a missing section is not on record (null) and reads the rest", () => {
    const without = {
      ...report,
      sections: report.sections.filter(
        (s: { id: string }) => !["active-mortgages", "recently-sold-comparables"].includes(s.id),
      ),
    };
    const partial = toHomeRecords(without);
    expect(partial.loans).toBeNull();
    expect(partial.comparables).toBeNull();
    expect(partial.sales).toEqual(records.sales);
  });

  it("survives a report with broken or missing parts: valuation, charts, a malformed section, columns in another order", () => {
    const odd = {
      valuation: { eventDate: "not a date" },
      sections: [
        {
          id: "sales-history",
          facts: "oops",
          table: {
            columns: ["Price", "Date"],
            rows: [
              ["$100,000", "2001-02-03"],
              ["Not available", "2005-01-01"],
            ],
          },
        },
        {
          id: "tax-and-assessment",
          facts: [],
          table: { columns: ["Year", "Market value", "Assessed value"], rows: [["2024", "$300,000", "Not available"]] },
        },
        { id: "active-mortgages", facts: [] },
        42,
      ],
    };
    expect(toHomeRecords(odd)).toEqual({
      sales: [{ date: "2001-02-03", price: 100000 }],
      assessments: [{ year: 2024, marketValue: 300000, assessedValue: null }],
      estimate: null,
      livingSqft: null,
      comparables: null,
      loans: [],
    });
    expect(toHomeRecords({})).toMatchObject({
      sales: null,
      assessments: null,
      estimate: null,
      comparables: null,
      loans: null,
    });
  });

  it("throws on a body that is no report at all", () => {
    expect(() => toHomeRecords("<html>")).toThrow();
  });
});

describe("merging estimates", () => {
  it("keeps one per date, oldest first, the later list winning", () => {
    const a = { date: "2026-10-01", value: 1, low: 0, high: 2 };
    const b = { date: "2026-11-01", value: 3, low: 2, high: 4 };
    expect(mergeEstimates([b], [a, { ...b, value: 5 }])).toEqual([a, { ...b, value: 5 }]);
  });
});
