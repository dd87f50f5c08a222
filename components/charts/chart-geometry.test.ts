import { describe, expect, it } from "vitest";
import {
  dayOf,
  historyLayout,
  MARK_RADIUS,
  niceTicks,
  scale,
  scatterLayout,
  yearTicks,
  type Box,
} from "./chart-geometry";

const BOX: Box = { width: 600, height: 300, left: 50, right: 10, top: 10, bottom: 30 };

describe("chart geometry", () => {
  it("maps a domain onto a range, either way up", () => {
    const y = scale([0, 100], [290, 10]);
    expect(y(0)).toBe(290);
    expect(y(100)).toBe(10);
    expect(y(50)).toBe(150);
    expect(scale([5, 5], [0, 10])(5)).toBe(5);
  });

  it("picks round ticks that cover the data", () => {
    expect(niceTicks(0, 100, 5)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(412_000, 687_000, 5)).toEqual([400_000, 500_000, 600_000, 700_000]);
    const ticks = niceTicks(449_400, 635_000, 5);
    expect(ticks[0]).toBeLessThanOrEqual(449_400);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(635_000);
    expect(niceTicks(500, 500).length).toBeGreaterThanOrEqual(2);
    expect(niceTicks(NaN, 1)).toEqual([]);
  });

  it("marks years on a time axis, fewer on a long one", () => {
    expect(yearTicks(dayOf("2021-06-01"), dayOf("2026-11-01"))).toEqual([2022, 2023, 2024, 2025, 2026]);
    const long = yearTicks(dayOf("1995-03-01"), dayOf("2026-11-01"));
    expect(long.length).toBeLessThanOrEqual(7);
    expect(long.every((y) => y % 5 === 0)).toBe(true);
  });

  it("places sales and estimates on their dates, assessments on January 1, higher values higher up", () => {
    const layout = historyLayout(
      {
        sales: [{ date: "2020-04-30", price: 400_000 }],
        assessments: [
          { year: 2022, marketValue: 450_000 },
          { year: 2023, marketValue: 500_000 },
        ],
        estimates: [
          { date: "2026-10-01", value: 600_000, low: 550_000, high: 650_000 },
          { date: "2026-11-01", value: 620_000, low: 570_000, high: 680_000 },
        ],
      },
      BOX,
    )!;
    const [sale] = layout.sales;
    const [a22, a23] = layout.assessments;
    const [october, november] = layout.estimates;
    // Time runs left to right, inside the plot.
    expect(sale!.x).toBeGreaterThan(BOX.left);
    expect(sale!.x).toBeLessThan(a22!.x);
    expect(a22!.x).toBeLessThan(a23!.x);
    expect(october!.x).toBeLessThan(november!.x);
    expect(november!.x).toBeLessThan(BOX.width - BOX.right);
    // Value runs bottom to top.
    expect(sale!.y).toBeGreaterThan(a22!.y);
    expect(october!.y).toBeGreaterThan(november!.y);
    // The latest estimate's range spans its value, at its date.
    expect(layout.range!.x).toBe(november!.x);
    expect(layout.range!.high).toBeLessThan(november!.y);
    expect(layout.range!.low).toBeGreaterThan(november!.y);
    // The value axis covers everything: its ends are round and outside the data.
    expect(layout.yTicks[0]!.value).toBeLessThanOrEqual(400_000);
    expect(layout.yTicks.at(-1)!.value).toBeGreaterThanOrEqual(680_000);
    expect(layout.yTicks[0]!.y).toBe(BOX.height - BOX.bottom);
    expect(layout.yTicks.at(-1)!.y).toBe(BOX.top);
    expect(layout.xTicks.map((t) => t.label)).toContain("2024");
    expect(layout.estimatePath).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
  });

  it("keeps every mark inside the plot, even a value that falls on a round tick", () => {
    const data = {
      sales: [{ date: "2019-05-01", price: 400_000 }],
      assessments: [{ year: 2024, marketValue: 520_000 }],
      estimates: [{ date: "2026-11-01", value: 650_000, low: 600_000, high: 700_000 }],
    };
    for (const box of [BOX, { width: 320, height: 220, left: 4, right: 8, top: 8, bottom: 2 }]) {
      const layout = historyLayout(data, box)!;
      const marks = [...layout.sales, ...layout.assessments, ...layout.estimates];
      for (const mark of marks) {
        expect(mark.y).toBeLessThanOrEqual(box.height - box.bottom - MARK_RADIUS);
        expect(mark.y).toBeGreaterThanOrEqual(box.top + MARK_RADIUS);
        expect(mark.x).toBeGreaterThanOrEqual(box.left + MARK_RADIUS);
        expect(mark.x).toBeLessThanOrEqual(box.width - box.right - MARK_RADIUS);
      }
      expect(layout.range!.high).toBeGreaterThanOrEqual(box.top + MARK_RADIUS);
      expect(layout.range!.low).toBeLessThanOrEqual(box.height - box.bottom - MARK_RADIUS);
    }
  });

  it("draws nothing without a point, and one estimate alone", () => {
    expect(historyLayout({ sales: [], assessments: [], estimates: [] }, BOX)).toBeUndefined();
    const one = historyLayout(
      { sales: [], assessments: [], estimates: [{ date: "2026-11-01", value: 5, low: 4, high: 6 }] },
      BOX,
    )!;
    expect(one.estimates[0]!.x).toBeCloseTo((BOX.left + BOX.width - BOX.right) / 2);
  });

  it("plots price against living area with the home among the sales", () => {
    const layout = scatterLayout(
      [
        { sqft: 1000, price: 400_000 },
        { sqft: 2000, price: 800_000 },
      ],
      { sqft: 1500, price: 600_000 },
      BOX,
    )!;
    const [small, big] = layout.points;
    expect(small!.x).toBeLessThan(layout.home!.x);
    expect(layout.home!.x).toBeLessThan(big!.x);
    expect(small!.y).toBeGreaterThan(layout.home!.y);
    expect(layout.home!.y).toBeGreaterThan(big!.y);
    expect(scatterLayout([], undefined, BOX)).toBeUndefined();
  });
});
