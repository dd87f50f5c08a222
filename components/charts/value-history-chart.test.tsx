import { parse } from "node-html-parser";
import { renderIntl } from "@/lib/testing/intl";
import { describe, expect, it } from "vitest";
import { ComparablesScatter } from "./comparables-scatter";
import { ValueHistoryChart } from "./value-history-chart";

describe("the value-over-time chart", () => {
  const root = parse(
    renderIntl(
      <ValueHistoryChart
        data={{
          sales: [{ date: "2019-05-01", price: 410_000 }],
          assessments: [
            { year: 2024, marketValue: 520_000 },
            { year: 2025, marketValue: 540_000 },
          ],
          estimates: [{ date: "2026-11-01", value: 600_000, low: 560_000, high: 640_000 }],
        }}
      />,
    ),
  );

  it("is a figure whose drawing is hidden from screen readers and whose caption names each series with its count", () => {
    expect(root.querySelector("figure > div")!.getAttribute("aria-hidden")).toBe("true");
    expect(root.querySelector("figure > div svg")).not.toBeNull();
    const caption = root.querySelector("figcaption")!.text;
    expect(caption).toContain("Recorded sales (1)");
    expect(caption).toContain("Assessor's market values (2)");
    expect(caption).toContain("Service Estimates received (1)");
    // The amounts are the branded box's to say (the chart sits inside it), not the caption's.
    expect(caption).not.toContain("$600,000");
  });

  it("draws one mark per point", () => {
    const svg = root.querySelector("svg[data-testid=value-history-chart]")!;
    expect(svg.querySelectorAll("circle")).toHaveLength(3);
    expect(svg.querySelectorAll("path[d$=Z]")).toHaveLength(1);
  });
});

describe("the comparables scatter", () => {
  it("marks the home apart from the sales and says so in its caption", () => {
    const root = parse(
      renderIntl(<ComparablesScatter sales={[{ sqft: 1000, price: 500_000 }]} home={{ sqft: 1200, price: 600_000 }} />),
    );
    expect(root.querySelectorAll("svg[data-testid=comparables-scatter] circle")).toHaveLength(1);
    expect(root.querySelector("figcaption")!.text).toContain("This home at its Service Estimate (1,200 sq ft)");
  });
});

describe("the value-over-time chart in Spanish", () => {
  it("names each series in Spanish", () => {
    const root = parse(
      renderIntl(
        <ValueHistoryChart
          data={{
            sales: [{ date: "2019-05-01", price: 410_000 }],
            assessments: [],
            estimates: [{ date: "2026-11-01", value: 600_000, low: 560_000, high: 640_000 }],
          }}
        />,
        "es",
      ),
    );
    const caption = root.querySelector("figcaption")!.text;
    expect(caption).toContain("Ventas registradas (1)");
    expect(caption).toContain("Estimaciones del servicio recibidas (1)");
    expect(caption).not.toContain("Recorded sales");
  });
});
