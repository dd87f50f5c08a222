/**
 * A monthly house price index shaped like the national one (the 2000s boom, the 2008 bust, the 2021 surge), scaled
 * per market. Sales in the data set are priced with it, and the valuation uses it to bring comparable sales to date.
 */
const ANNUAL_CHANGE: Record<number, number> = {
  1995: 0.03,
  1996: 0.03,
  1997: 0.04,
  1998: 0.05,
  1999: 0.06,
  2000: 0.07,
  2001: 0.07,
  2002: 0.08,
  2003: 0.08,
  2004: 0.1,
  2005: 0.11,
  2006: 0.03,
  2007: -0.04,
  2008: -0.09,
  2009: -0.05,
  2010: -0.03,
  2011: -0.04,
  2012: 0.04,
  2013: 0.08,
  2014: 0.05,
  2015: 0.05,
  2016: 0.055,
  2017: 0.06,
  2018: 0.05,
  2019: 0.04,
  2020: 0.1,
  2021: 0.17,
  2022: 0.07,
  2023: 0.03,
  2024: 0.04,
  2025: 0.025,
  2026: 0.02,
};
const FIRST_YEAR = 1995;

/** Average 30-year fixed mortgage rate by year, in percent (rounded public averages). */
export const MORTGAGE_RATES: Record<number, number> = {
  1995: 7.9,
  1996: 7.8,
  1997: 7.6,
  1998: 6.9,
  1999: 7.4,
  2000: 8.1,
  2001: 7.0,
  2002: 6.5,
  2003: 5.8,
  2004: 5.8,
  2005: 5.9,
  2006: 6.4,
  2007: 6.3,
  2008: 6.0,
  2009: 5.0,
  2010: 4.7,
  2011: 4.5,
  2012: 3.7,
  2013: 4.0,
  2014: 4.2,
  2015: 3.9,
  2016: 3.7,
  2017: 4.0,
  2018: 4.5,
  2019: 3.9,
  2020: 3.1,
  2021: 3.0,
  2022: 5.3,
  2023: 6.8,
  2024: 6.7,
  2025: 6.5,
  2026: 6.3,
};

export function mortgageRate(date: string): number {
  const year = Math.min(2026, Math.max(FIRST_YEAR, Number(date.slice(0, 4))));
  return MORTGAGE_RATES[year]!;
}

/** Months since January of the first year, with the day as a fraction. */
export function monthIndex(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return (year - FIRST_YEAR) * 12 + (month - 1) + (day - 1) / 31;
}

const cache = new Map<number, Float64Array>();

function logLevels(growth: number): Float64Array {
  const known = cache.get(growth);
  if (known) return known;
  // Ten years past the data set, for the embedded clock (later years grow at the default rate).
  const months = (2037 - FIRST_YEAR) * 12 + 1;
  const levels = new Float64Array(months);
  for (let m = 1; m < months; m++) {
    const year = FIRST_YEAR + Math.floor((m - 1) / 12);
    levels[m] = levels[m - 1]! + Math.log(1 + (ANNUAL_CHANGE[year] ?? 0.02) * growth) / 12;
  }
  cache.set(growth, levels);
  return levels;
}

/** The index of a market on a date (1 on January 1st, 1995). */
export function priceIndex(growth: number, date: string): number {
  const levels = logLevels(growth);
  const position = Math.min(levels.length - 1.001, Math.max(0, monthIndex(date)));
  const low = Math.floor(position);
  const level = levels[low]! + (levels[low + 1]! - levels[low]!) * (position - low);
  return Math.exp(level);
}

/** How much a price on `from` is worth on `to` in the same market. */
export function timeAdjustment(growth: number, from: string, to: string): number {
  return priceIndex(growth, to) / priceIndex(growth, from);
}
