import type { IndexedDataset, Property } from "./dataset";
import { AS_OF } from "./dataset";
import { MARKETS } from "./dataset/markets";
import { CONDITION_FACTOR, GRADE_FACTOR } from "./dataset/generate";
import { timeAdjustment } from "./dataset/market-index";
import type { Sale } from "./dataset/types";

export interface Comparable {
  property: Property;
  sale: Sale;
  distanceMiles: number;
  /** The sale price brought to the valuation date and to the subject's size. */
  adjustedPrice: number;
  weight: number;
}

export interface Valuation {
  date: string;
  value: number;
  low: number;
  high: number;
  /** Forecast standard deviation: the spread of the comparables' adjusted prices as a share of the value. */
  fsd: number;
  /** Confidence score 0–100. */
  score: number;
  comparables: Comparable[];
}

const MAX_COMPARABLES = 10;
const LOOKBACK_MONTHS = 24;
const SIZE_ELASTICITY = 0.85;

export function distanceMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

function monthsBefore(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Values a property from comparable sales: recent arm's-length sales of similar homes nearby, each brought to the
 * valuation date with the market index and to the subject's size, weighted by how alike and how close they are.
 * The range and the confidence follow from how much the adjusted prices disagree.
 */
export function valueProperty(dataset: IndexedDataset, subject: Property, date = AS_OF): Valuation {
  const market = MARKETS.find((m) => m.zip === subject.address.zip)!;
  const since = monthsBefore(date, LOOKBACK_MONTHS);
  const condo = subject.kind === "CONDOMINIUM";
  const candidates: Comparable[] = [];
  for (const { property, sale } of dataset.salesByZip.get(subject.address.zip) ?? []) {
    if (sale.date > date) continue;
    if (sale.date < since) break;
    if (property.id === subject.id || (property.kind === "CONDOMINIUM") !== condo) continue;
    const sizeRatio = subject.livingSqft / property.livingSqft;
    if (sizeRatio < 0.65 || sizeRatio > 1.5) continue;
    const distance = distanceMiles(subject, property);
    const months = (Date.parse(date) - Date.parse(sale.date)) / (30.4 * 86_400_000);
    const ageGap = Math.abs(subject.effectiveYearBuilt - property.effectiveYearBuilt);
    const dissimilarity = Math.abs(Math.log(sizeRatio)) * 4 + distance * 1.5 + months / 12 + ageGap / 40;
    const features =
      (GRADE_FACTOR[subject.quality] / GRADE_FACTOR[property.quality]) *
      (CONDITION_FACTOR[subject.condition] / CONDITION_FACTOR[property.condition]) *
      (1 + (subject.effectiveYearBuilt - property.effectiveYearBuilt) * 0.0025);
    const adjustedPrice =
      sale.price * timeAdjustment(market.growth, sale.date, date) * sizeRatio ** SIZE_ELASTICITY * features;
    candidates.push({
      property,
      sale,
      distanceMiles: distance,
      adjustedPrice,
      weight: 1 / (0.25 + dissimilarity) ** 2,
    });
  }
  const comparables = candidates.sort((a, b) => b.weight - a.weight).slice(0, MAX_COMPARABLES);
  return estimate(subject, comparables, date);
}

/**
 * Last month's value from the same comparables as they stood then: each brought to last month's date, and those
 * sold since then counting for half, since last month's model had not seen them. The change then reflects the
 * market's move and the newest sales, not a different sample.
 */
export function valueLastMonth(subject: Property, current: Valuation): Valuation {
  const market = MARKETS.find((m) => m.zip === subject.address.zip)!;
  const date = monthsBefore(current.date, 1);
  const comparables = current.comparables.map((c) => ({
    ...c,
    adjustedPrice: c.adjustedPrice * timeAdjustment(market.growth, current.date, date),
    weight: c.sale.date > date ? c.weight / 2 : c.weight,
  }));
  return estimate(subject, comparables, date);
}

function estimate(subject: Property, comparables: Comparable[], date: string): Valuation {
  let value: number;
  let fsd: number;
  if (comparables.length === 0) {
    // No sale to compare with: fall back on the latest assessment, with the wide range that deserves.
    const assessed = subject.assessments.at(-1)!;
    value = assessed.marketValue / 0.93;
    fsd = 0.25;
  } else {
    const totalWeight = comparables.reduce((sum, c) => sum + c.weight, 0);
    value = comparables.reduce((sum, c) => sum + c.adjustedPrice * c.weight, 0) / totalWeight;
    const variance = comparables.reduce((sum, c) => sum + c.weight * (c.adjustedPrice - value) ** 2, 0) / totalWeight;
    // Few comparables tell less than their spread suggests.
    fsd = Math.min(0.35, Math.max(0.03, (Math.sqrt(variance) / value) * (1 + 2 / comparables.length)));
  }
  const rounded = roundTo(value, 1000);
  return {
    date,
    value: rounded,
    low: roundTo(value * (1 - fsd), 1000),
    high: roundTo(value * (1 + fsd), 1000),
    fsd,
    score: Math.round(Math.min(99, Math.max(10, 100 - fsd * 250))),
    comparables,
  };
}
