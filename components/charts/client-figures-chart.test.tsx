import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { renderIntl } from "@/lib/testing/intl";
import { ClientFiguresChart, figuresLayout } from "./client-figures-chart";

const points = [
  { value: 400_000, balance: 300_000, refreshedAt: "2026-09-01T13:00:00Z" },
  { value: 420_000, balance: 298_000, refreshedAt: "2026-10-01T13:00:00Z" },
  { value: 450_000, balance: 296_000, refreshedAt: "2026-11-01T13:00:00Z" },
];

/** The y of each point of a path ("M4.0,10.0 L…"). */
const ys = (path: string) => [...path.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));

describe("a client's value and loans over time", () => {
  it("draws nothing for a single refresh, and a line each from two on", () => {
    expect(figuresLayout(points.slice(0, 1))).toBeUndefined();
    const layout = figuresLayout(points)!;
    // The value climbs (up the drawing: y falls) and stays above the loans everywhere.
    expect(ys(layout.value)).toEqual([...ys(layout.value)].sort((a, b) => b - a));
    ys(layout.value).forEach((y, i) => expect(y).toBeLessThan(ys(layout.balance)[i]!));
    expect(layout.ticks[0]!.value).toBeLessThanOrEqual(296_000);
    expect(layout.ticks.at(-1)!.value).toBeGreaterThanOrEqual(450_000);
  });

  it("hides the drawing from screen readers and gives the same figures as a table, newest first", () => {
    const root = parse(renderIntl(<ClientFiguresChart points={points} />));
    expect(root.querySelector("figure > div")!.getAttribute("aria-hidden")).toBe("true");
    const rows = root.querySelectorAll("tbody tr").map((tr) => tr.querySelectorAll("td").map((td) => td.text));
    expect(rows[0]).toEqual(["November 1, 2026", "$450,000", "$296,000"]);
    expect(rows).toHaveLength(3);
    // One refresh: the table alone, open.
    const one = parse(renderIntl(<ClientFiguresChart points={points.slice(0, 1)} />));
    expect(one.querySelector("svg[data-testid]")).toBeNull();
    expect(one.querySelector("details")!.hasAttribute("open")).toBe(true);
  });
});
