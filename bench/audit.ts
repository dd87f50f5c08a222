/**
 * `BENCH_BASELINE_DIR=<checkout> npm run bench:audit`: what the activity log costs a homeowner's page view. The built
 * app and a baseline build (another checkout, `npm run build` done there: the commit before the log) run side by side
 * on their embedded defaults; the demo homeowner views the dashboard and a property page on each in turn, A B A B, one
 * request at a time, so both see the same machine. Printed: the median latency and the server's CPU per view of each,
 * and the ratio. The log writes one row per owner record per view, after the answer.
 */
import { call, signIn } from "../tests/integration/client";
import { cpuMs, startApp } from "./app";

const baselineDir = process.env.BENCH_BASELINE_DIR;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 25);
if (!baselineDir) {
  console.log("bench:audit skipped: set BENCH_BASELINE_DIR to a checkout of the commit before the activity log, built");
  process.exit(0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const withLog = await startApp(3461);
const baseline = await startApp(3462, baselineDir);
try {
  const sides = await Promise.all(
    [
      ["with the activity log", withLog],
      ["baseline", baseline],
    ].map(async ([name, started]) => {
      const { app, pid } = started as typeof withLog;
      const cookie = await signIn(app, "homeowner@example.com", "homeowner-demo");
      const data = (await call(app, "GET", "/api/owner-data", { cookie })).body as {
        properties: { propertyId: number }[];
      };
      const paths = ["/dashboard", `/dashboard/properties/${data.properties[0]!.propertyId}`];
      return { name: name as string, app, pid, cookie, paths, latencies: [] as number[], cpuPerView: [] as number[] };
    }),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const cpuBefore = cpuMs(side.pid);
      for (let i = 0; i < VIEWS; i++) {
        const path = side.paths[i % side.paths.length]!;
        const started = performance.now();
        const response = await fetch(`${side.app.url}${path}`, { headers: { cookie: side.cookie } });
        await response.text();
        if (!response.ok) throw new Error(`${side.name} ${path}: ${response.status}`);
        side.latencies.push(performance.now() - started);
      }
      // The log's rows are written after the answer: wait for the server to finish them before reading its CPU.
      await new Promise((resolve) => setTimeout(resolve, 150));
      side.cpuPerView.push((cpuMs(side.pid) - cpuBefore) / VIEWS);
    }
  }
  const [a, b] = sides.map((side) => ({ name: side.name, p50: median(side.latencies), cpu: median(side.cpuPerView) }));
  console.log(`homeowner page views, ${ROUNDS} rounds of ${VIEWS}, one at a time, A B A B:`);
  for (const side of [a!, b!])
    console.log(`  ${side.name.padEnd(24)} p50 ${side.p50.toFixed(1)} ms   CPU ${side.cpu.toFixed(1)} ms per view`);
  console.log(
    `  ratio (with log / baseline): latency ${(a!.p50 / b!.p50).toFixed(3)}, CPU ${(a!.cpu / b!.cpu).toFixed(3)}`,
  );
} finally {
  withLog.stop();
  baseline.stop();
}
