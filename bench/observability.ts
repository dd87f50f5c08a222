/**
 * `npm run bench:observability`: what traces and metrics cost a request, per call, in this process. Tracing off is
 * the default (no OTLP endpoint: @opentelemetry/api's no-op tracer); metrics off is METRICS_TOKEN unset. Each figure
 * is the best of 7 runs of a million calls (CPU-bound, so the best run is the least disturbed by the machine's
 * other work), minus the same loop calling the work directly.
 */
import { performance } from "node:perf_hooks";
import { goals, record } from "./record";

process.env.METRICS_TOKEN = "b".repeat(40);
const { inSpan, noteRequestId } = await import("../lib/observability/trace");
const { activeTraceIds } = await import("../lib/log");
const metrics = await import("../lib/observability/metrics");

const N = 1_000_000;
const work = async () => 1;

async function nsPerCall(body: () => unknown | Promise<unknown>): Promise<number> {
  let best = Infinity;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    for (let i = 0; i < N; i++) await body();
    best = Math.min(best, ((performance.now() - started) * 1e6) / N);
  }
  return best;
}

const floor = await nsPerCall(work);
const cost = async (body: () => unknown | Promise<unknown>) => Math.max(0, (await nsPerCall(body)) - floor);

const spanOff = await cost(() =>
  inSpan("upstream propertySummary", { attributes: { "upstream.operation": "propertySummary" } }, work),
);
const idsOff = await cost(() => (activeTraceIds(), work()));
const requestIdOff = await cost(() => (noteRequestId("a-request-id-0001"), work()));
const countOn = await cost(() => (metrics.countUpstream("propertySummary", "hit", 0), work()));
const timerOn = await cost(
  () => (metrics.requestTimer()!({ method: "GET", route: "/api/property/summary", status: 200 }), work()),
);
// The registry's slot on globalThis, emptied as METRICS_TOKEN unset leaves it.
(globalThis as { appMetrics?: unknown }).appMetrics = null;
const countOff = await cost(() => (metrics.countUpstream("propertySummary", "hit", 0), work()));

const rows: [string, number][] = [
  ["a span, tracing off (inSpan around an async call)", spanOff],
  ["a log line's trace ids, tracing off (the pino mixin)", idsOff],
  ["the request id on the request's span, tracing off", requestIdOff],
  ["an upstream call counted, metrics off", countOff],
  ["an upstream call counted, metrics on", countOn],
  ["a request timed into the histogram, metrics on", timerOn],
];
console.log(`\nper call, best of 7 × ${N.toLocaleString("en-US")} (the direct call: ${floor.toFixed(0)} ns)\n`);
for (const [what, ns] of rows) console.log(`${what.padEnd(56)}${`${ns.toFixed(0)} ns`.padStart(10)}`);
record("Observability (per call)", Object.fromEntries(rows.map(([what, ns]) => [`${what} (ns)`, Math.round(ns)])));
goals("Observability", [
  { goal: "a span costs under 1 µs while tracing is off", measured: `${spanOff.toFixed(0)} ns`, met: spanOff < 1_000 },
  {
    goal: "a log line's trace ids cost under 0.1 µs while tracing is off",
    measured: `${idsOff.toFixed(0)} ns`,
    met: idsOff < 100,
  },
]);
