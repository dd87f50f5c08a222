/** Pure geometry for the server-drawn SVG charts: scales, round ticks and where each point goes. */

export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const scale =
  ([d0, d1]: [number, number], [r0, r1]: [number, number]) =>
  (n: number) =>
    d1 === d0 ? (r0 + r1) / 2 : r0 + ((n - d0) / (d1 - d0)) * (r1 - r0);

/** Round tick values covering [min, max]: steps of 1, 2, 2.5 or 5 times a power of ten, about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) [min, max] = min === 0 ? [0, 1] : [min - Math.abs(min) * 0.1, max + Math.abs(max) * 0.1];
  const rough = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const first = Math.floor(min / step) * step;
  const ticks = [first];
  // Until a tick reaches the top of the data (the last may pass it).
  while (ticks.length < 2 || ticks.at(-1)! < max - step * 1e-9)
    ticks.push(Math.round((first + step * ticks.length) * 1e6) / 1e6);
  return ticks;
}

/** Days since 1970 of a YYYY-MM-DD date. */
export const dayOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** Years to mark on a time axis from `from` to `to` (days), at most about `count` of them. */
export function yearTicks(from: number, to: number, count = 6): number[] {
  const first = new Date(from * 86_400_000).getUTCFullYear() + 1;
  const last = new Date(to * 86_400_000).getUTCFullYear();
  const step = [1, 2, 5, 10, 20].find((s) => (last - first) / s < count) ?? 25;
  const years: number[] = [];
  for (let y = Math.ceil(first / step) * step; y <= last; y += step) years.push(y);
  return years;
}

export interface Point {
  x: number;
  y: number;
}

const pathThrough = (points: Point[]) =>
  points.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");

export interface HistoryInput {
  sales: { date: string; price: number }[];
  assessments: { year: number; marketValue: number }[];
  estimates: { date: string; value: number; low: number; high: number }[];
}

/** The largest half-size of a mark (the sale's diamond, with its outline), in the drawing's units. */
export const MARK_RADIUS = 7;

/**
 * The ticks, one step wider on a side where the data would sit closer to the plot's edge than a mark's half-size: a
 * sale at exactly the lowest tick was drawn half below the axis, cut off by the frame.
 */
function roomForMarks(ticks: number[], min: number, max: number, box: Box): number[] {
  if (ticks.length < 2) return ticks;
  const step = ticks[1]! - ticks[0]!;
  const perUnit = (box.height - box.top - box.bottom) / (ticks.at(-1)! - ticks[0]!);
  const lower = (min - ticks[0]!) * perUnit < MARK_RADIUS ? [ticks[0]! - step] : [];
  const upper = (ticks.at(-1)! - max) * perUnit < MARK_RADIUS ? [ticks.at(-1)! + step] : [];
  return [...lower, ...ticks, ...upper];
}

/**
 * Where the value-over-time chart draws each thing: sales and estimates on their dates, an assessor's market value on
 * January 1 of its tax year, the latest estimate's range as a bar at its date.
 */
export function historyLayout(input: HistoryInput, box: Box) {
  const sales = input.sales.map((s) => ({ ...s, day: dayOf(s.date) }));
  const assessments = input.assessments.map((a) => ({ ...a, day: dayOf(`${a.year}-01-01`) }));
  const estimates = input.estimates.map((e) => ({ ...e, day: dayOf(e.date) }));
  const latest = estimates.at(-1);
  const days = [...sales, ...assessments, ...estimates].map((p) => p.day);
  const values = [
    ...sales.map((s) => s.price),
    ...assessments.map((a) => a.marketValue),
    ...estimates.flatMap((e) => [e.low, e.high, e.value]),
  ];
  if (!days.length) return undefined;
  // Room either side, so the first and last marks are not cut by the frame (more on the left, under the value labels).
  const span = Math.max(...days) - Math.min(...days);
  const [first, last] = [Math.min(...days) - 30 - span * 0.06, Math.max(...days) + 30 + span * 0.03];
  const yTicks = roomForMarks(
    niceTicks(Math.min(...values), Math.max(...values), 5),
    Math.min(...values),
    Math.max(...values),
    box,
  );
  const x = scale([first, last], [box.left, box.width - box.right]);
  const y = scale([yTicks[0]!, yTicks.at(-1)!], [box.height - box.bottom, box.top]);
  const at = (day: number, value: number) => ({ x: x(day), y: y(value) });
  const estimatePoints = estimates.map((e) => ({ ...e, ...at(e.day, e.value) }));
  const assessmentPoints = assessments.map((a) => ({ ...a, ...at(a.day, a.marketValue) }));
  return {
    sales: sales.map((s) => ({ ...s, ...at(s.day, s.price) })),
    assessments: assessmentPoints,
    assessmentPath: pathThrough(assessmentPoints),
    estimates: estimatePoints,
    estimatePath: pathThrough(estimatePoints),
    range: latest ? { x: x(latest.day), low: y(latest.low), high: y(latest.high) } : undefined,
    xTicks: yearTicks(first, last, box.width < 480 ? 4 : 7).map((year) => ({
      label: String(year),
      x: x(dayOf(`${year}-01-01`)),
    })),
    yTicks: yTicks.map((value) => ({ value, y: y(value) })),
  };
}

/**
 * Where the price-against-living-area scatter draws each sale, and the home itself (its estimate at its size).
 * Both axes start from round ticks around the data, not from zero, so the comparables spread across the plot.
 */
export function scatterLayout(
  points: { sqft: number; price: number }[],
  home: { sqft: number; price: number } | undefined,
  box: Box,
) {
  const all = home ? [...points, home] : points;
  if (!all.length) return undefined;
  const xTicks = niceTicks(Math.min(...all.map((p) => p.sqft)), Math.max(...all.map((p) => p.sqft)), 4);
  const yTicks = niceTicks(Math.min(...all.map((p) => p.price)), Math.max(...all.map((p) => p.price)), 4);
  const x = scale([xTicks[0]!, xTicks.at(-1)!], [box.left, box.width - box.right]);
  const y = scale([yTicks[0]!, yTicks.at(-1)!], [box.height - box.bottom, box.top]);
  return {
    points: points.map((p) => ({ ...p, x: x(p.sqft), y: y(p.price) })),
    home: home && { ...home, x: x(home.sqft), y: y(home.price) },
    xTicks: xTicks.map((value) => ({ value, x: x(value) })),
    yTicks: yTicks.map((value) => ({ value, y: y(value) })),
  };
}
