import { describe, expect, it } from "vitest";
import { getDataset } from "./dataset";
import { findProperty } from "./resolve";
import { valueLastMonth, valueProperty } from "./valuation";

const dataset = getDataset();

describe("valuation from comparable sales", () => {
  const found = findProperty(dataset, "2800 N 24th St, Phoenix, AZ 85008");
  if (!("property" in found)) throw new Error("example address missing");
  const subject = found.property;
  const valuation = valueProperty(dataset, subject);

  it("uses recent, similar sales near the subject and never the subject itself", () => {
    expect(valuation.comparables.length).toBeGreaterThanOrEqual(5);
    for (const c of valuation.comparables) {
      expect(c.property.id).not.toBe(subject.id);
      expect(c.sale.date <= valuation.date).toBe(true);
      expect(c.sale.date >= "2024-11-01").toBe(true);
      expect(c.property.address.zip).toBe(subject.address.zip);
      expect(c.property.kind === "CONDOMINIUM").toBe(subject.kind === "CONDOMINIUM");
      expect(c.distanceMiles).toBeLessThan(3);
    }
  });

  it("puts the value inside its range, and the range's width follows the comparables' spread", () => {
    expect(valuation.low).toBeLessThan(valuation.value);
    expect(valuation.high).toBeGreaterThan(valuation.value);
    const prices = valuation.comparables.map((c) => c.adjustedPrice);
    expect(valuation.value).toBeGreaterThanOrEqual(Math.min(...prices) - 1000);
    expect(valuation.value).toBeLessThanOrEqual(Math.max(...prices) + 1000);
    expect((valuation.high - valuation.value) / valuation.value).toBeCloseTo(valuation.fsd, 1);
  });

  it("gives more confidence when comparables agree", () => {
    const agreeing = valuation.comparables.map((c) => ({ ...c, adjustedPrice: valuation.value }));
    const tight = valueLastMonth(subject, { ...valuation, comparables: agreeing });
    expect(tight.fsd).toBeLessThan(valuation.fsd);
  });

  it("values homes close to what they just sold for across the data set", () => {
    const errors = dataset.properties
      .filter((p) => p.sales.at(-1)!.date >= "2026-05-01")
      .map((p) => Math.abs(valueProperty(dataset, p).value - p.sales.at(-1)!.price) / p.sales.at(-1)!.price)
      .sort((a, b) => a - b);
    expect(errors.length).toBeGreaterThan(50);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(0.1);
  });

  it("moves last month's value with the market, not by chance", () => {
    const lastMonth = valueLastMonth(subject, valuation);
    expect(Math.abs(valuation.value - lastMonth.value) / lastMonth.value).toBeLessThan(0.05);
    expect(lastMonth.date).toBe("2026-10-01");
  });
});
