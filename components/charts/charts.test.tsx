import { parse } from "node-html-parser";
import { renderIntl } from "@/lib/testing/intl";
import { describe, expect, it } from "vitest";
import { EquityBars } from "./equity-bars";
import { ValueRangeChart } from "./value-range-chart";

const percent = (style: string | undefined, property: string) =>
  Number(new RegExp(`${property}:\\s*([\\d.]+)%`).exec(style ?? "")?.[1]);

describe("the value range chart", () => {
  const ranges = [
    { label: "Estimate range", low: 400_000, high: 500_000 },
    { label: "Poor condition", low: 380_000, high: 420_000 },
    { label: "Excellent condition", low: 480_000, high: 560_000 },
  ];
  const root = parse(renderIntl(<ValueRangeChart ranges={ranges} value={450_000} />));
  const bars = root.querySelectorAll("div.rounded[style]");

  it("draws each range from its low to its high on one scale, the estimate marked where it falls", () => {
    expect(bars).toHaveLength(3);
    const [estimate, poor, excellent] = bars.map((bar) => ({
      left: percent(bar.getAttribute("style"), "left"),
      width: percent(bar.getAttribute("style"), "width"),
    }));
    // The scale runs from 3% under the lowest low to 3% over the highest high.
    const at = (n: number) => ((n - 380_000 * 0.97) / (560_000 * 1.03 - 380_000 * 0.97)) * 100;
    expect(estimate!.left).toBeCloseTo(at(400_000), 5);
    expect(estimate!.width).toBeCloseTo(at(500_000) - at(400_000), 5);
    expect(poor!.left).toBeLessThan(estimate!.left);
    expect(excellent!.left + excellent!.width).toBeGreaterThan(estimate!.left + estimate!.width);
    const marker = root.querySelector("div.bg-slate-900");
    expect(percent(marker?.getAttribute("style"), "left")).toBeCloseTo(at(450_000), 5);
    expect(root.textContent).toContain("$450K");
  });

  it("says every range in words for screen readers", () => {
    expect(root.querySelector("figcaption")?.textContent).toBe(
      "Estimate range: $400,000 to $500,000. Poor condition: $380,000 to $420,000. Excellent condition: $480,000 to $560,000. Estimate $450,000.",
    );
  });
});

describe("the equity bars", () => {
  it("scale to the largest figure, and a negative one draws no bar but keeps its sign", () => {
    const root = parse(renderIntl(<EquityBars loans={300_000} equity={-20_000} available={150_000} />));
    const heights = root.querySelectorAll("div.rounded-t").map((bar) => percent(bar.getAttribute("style"), "height"));
    expect(heights).toEqual([85, 0, 42.5]);
    expect(root.textContent).toContain("−$20K");
  });
});

describe("the charts in Spanish", () => {
  it("say their figures the US Spanish way (es-US)", () => {
    const root = parse(
      renderIntl(<ValueRangeChart ranges={[{ label: "Rango", low: 400_000, high: 500_000 }]} value={450_000} />, "es"),
    );
    const caption = root.querySelector("figcaption")!.textContent.replace(/\u00a0/g, " ");
    expect(caption).toBe("Rango: de $400,000 a $500,000. Estimación: $450,000.");
    const bars = parse(
      renderIntl(<EquityBars loans={300_000} equity={20_000} available={1_500_000} />, "es"),
    ).textContent.replace(/\u00a0/g, " ");
    expect(bars).toContain("Préstamos");
    expect(bars).toContain("$20 K");
    expect(bars).toContain("$1.5 M");
  });
});
