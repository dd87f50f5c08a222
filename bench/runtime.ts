/**
 * `BENCH_BASELINE_DIR=<checkout> scripts/with-node.sh npm run bench:runtime`: what the Node.js runtime changes, the
 * same app on two Node.js versions. This checkout's build runs under this benchmark's Node (24, through
 * scripts/with-node.sh), the baseline checkout's build (`npx next build` done there with its own Node) under
 * `BENCH_BASELINE_NODE` (the machine's Node 20, /usr/bin/node, by default); both on their embedded defaults with a
 * fresh data folder, side by side, so both see the same machine.
 *
 * Measured, A B B A (the order flips every round, so a machine that speeds up or slows down during the run weighs on
 * both sides alike), one request at a time: the server's CPU per request (utime + stime from /proc/<pid>/stat around
 * each batch, all its threads: garbage collection too, summed over the batches) and the median latency of the demo
 * homeowner's `/dashboard`, their `GET /api/owner-data` and the widget's `POST /api/widget/valuation` (a cached
 * answer); then a short concurrent load on `/dashboard` (autocannon, as bench/api.ts), each side in turn: req/s, p99
 * and CPU per request. Printed: a table and the ratio of this build (A) to the baseline (B).
 *
 * `BENCH_ROUNDS` (20), `BENCH_REQUESTS` (25 a batch), `BENCH_LOAD_ROUNDS` (3 per side), `BENCH_SECONDS` (10 per load
 * run), `BENCH_CONNECTIONS` (32) and `BENCH_PORT` (3471, and the next for the baseline) change it;
 * `BENCH_CPU_PROF=<folder>` writes a CPU profile of each server.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { houses, signIn } from "../tests/integration/client";
import type { AppInfo } from "../tests/integration/setup";
import { cpuMs, startApp } from "./app";

const baselineDir = process.env.BENCH_BASELINE_DIR;
const baselineNode = process.env.BENCH_BASELINE_NODE ?? "/usr/bin/node";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 25);
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_UP = 100;
// After the warm-up, Node 24's V8 threads keep compiling and collecting for some seconds (about 100 ms of CPU a second,
// against Node 20's 25, for 5 s); they would be counted in the first batches.
const QUIET_SECONDS = 10;
const IDLE_SECONDS = 5;
if (!baselineDir) {
  console.log(
    "bench:runtime skipped: set BENCH_BASELINE_DIR to a checkout built with the baseline's Node (BENCH_BASELINE_NODE, /usr/bin/node by default)",
  );
  process.exit(0);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};
const cell = (text: string, width: number) => text.padStart(width);
const ratio = (x: number, y: number) => cell((x / y).toFixed(3), 9);
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const versionOf = (node: string) => execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
const commitOf = (dir: string) => {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "not a git checkout";
  }
};
// Free answers' meter rows are written after the answer: let the server finish them before its CPU is read.
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

interface Probe {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * One server and what was measured on it. CPU is summed over every batch rather than taken per batch: the clock ticks
 * by 10 ms, a batch of cheap requests by a few ticks.
 */
interface Side {
  name: string;
  app: AppInfo;
  pid: number;
  probes: Probe[];
  measured: { latencies: number[]; cpuMs: number; requests: number }[];
  load: { perSecond: number[]; p99: number[]; cpuMs: number; requests: number; failures: number };
}

console.log(`load average before: ${loadAverage()}`);
const port = Number(process.env.BENCH_PORT ?? 3471);
const current = await startApp(port);
const baseline = await startApp(port + 1, baselineDir, baselineNode);
try {
  const widgetAddress = houses(740, 1)[0]!;
  const sides: Side[] = await Promise.all(
    [
      { name: `Node ${process.version} (this build, ${commitOf(".")})`, started: current },
      { name: `Node ${versionOf(baselineNode)} (${baselineDir}, ${commitOf(baselineDir)})`, started: baseline },
    ].map(async ({ name, started }) => {
      const { app, pid } = started;
      const cookie = await signIn(app, "homeowner@example.com", "homeowner-demo");
      const probes: Probe[] = [
        { name: "GET /dashboard (signed in)", method: "GET", path: "/dashboard", headers: { cookie } },
        { name: "GET /api/owner-data", method: "GET", path: "/api/owner-data", headers: { cookie } },
        {
          name: "POST /api/widget/valuation (cached)",
          method: "POST",
          path: "/api/widget/valuation",
          // The demo site lists the app's own origin.
          headers: { origin: app.url, "content-type": "application/json" },
          body: JSON.stringify({ key: "site_demo", address: widgetAddress }),
        },
      ];
      const measured = probes.map(() => ({ latencies: [], cpuMs: 0, requests: 0 }));
      return { name, app, pid, probes, measured, load: { perSecond: [], p99: [], cpuMs: 0, requests: 0, failures: 0 } };
    }),
  );

  const send = async (side: Side, probe: Probe) => {
    const started = performance.now();
    const response = await fetch(`${side.app.url}${probe.path}`, {
      method: probe.method,
      headers: probe.headers,
      body: probe.body,
    });
    await response.text();
    if (!response.ok) throw new Error(`${side.name} ${probe.method} ${probe.path}: ${response.status}`);
    return performance.now() - started;
  };
  // Warm-up, not counted: the first answers come from the embedded service, code is compiled, caches fill.
  for (const side of sides) for (const probe of side.probes) for (let i = 0; i < WARM_UP; i++) await send(side, probe);
  await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
  // What a server spends with nothing to answer (timers, jobs polling PGlite) is in every batch's CPU too: measured
  // on both at once, it shows whether that differs.
  const idleBefore = sides.map((side) => cpuMs(side.pid));
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = sides.map((side, i) => (cpuMs(side.pid) - idleBefore[i]!) / IDLE_SECONDS);
  // Each side in turn, the order flipped every round (A B, B A, …).
  const inTurn = (round: number) => (round % 2 ? [...sides].reverse() : sides);

  for (let round = 0; round < ROUNDS; round++) {
    for (let p = 0; p < sides[0]!.probes.length; p++) {
      for (const side of inTurn(round)) {
        const cpuBefore = cpuMs(side.pid);
        for (let i = 0; i < REQUESTS; i++) side.measured[p]!.latencies.push(await send(side, side.probes[p]!));
        await settle();
        side.measured[p]!.cpuMs += cpuMs(side.pid) - cpuBefore;
        side.measured[p]!.requests += REQUESTS;
      }
    }
  }

  for (let round = 0; round < LOAD_ROUNDS * 2; round++) {
    const side = inTurn(Math.floor(round / 2))[round % 2]!;
    // The last run's server is still collecting what it left: let it, so it does not share the cores with this one.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const cpuBefore = cpuMs(side.pid);
    const result = await autocannon({
      url: `${side.app.url}/dashboard`,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      headers: side.probes[0]!.headers,
    });
    await settle();
    side.load.perSecond.push(result.requests.average);
    side.load.p99.push(result.latency.p99);
    side.load.cpuMs += cpuMs(side.pid) - cpuBefore;
    side.load.requests += result.requests.total;
    side.load.failures += result.errors + result.non2xx + result.timeouts;
  }

  const [a, b] = sides as [Side, Side];
  console.log(`\n  A: ${a.name}\n  B: ${b.name}`);
  // BENCH_ROUNDS=0 or BENCH_LOAD_ROUNDS=0 leaves a part out (a CPU profile of the load alone, say).
  if (ROUNDS > 0) printOneAtATime(a, b);
  if (LOAD_ROUNDS > 0) printLoad(a, b);
  console.log(
    `\nidle, no requests for ${IDLE_SECONDS} s: A ${idle[0]!.toFixed(1)} ms of CPU a second, B ${idle[1]!.toFixed(1)} ms`,
  );
  console.log(`load average after: ${loadAverage()}`);
  if (a.load.failures + b.load.failures > 0) process.exitCode = 1;
} finally {
  current.stop();
  baseline.stop();
}

function printOneAtATime(a: Side, b: Side) {
  console.log(`\nOne request at a time, ${ROUNDS} rounds of ${REQUESTS} per request and side, in turn (A B, B A, …):`);
  console.log(
    `  ${"request".padEnd(38)}${cell("A p50", 9)}${cell("A CPU", 9)}${cell("B p50", 9)}${cell("B CPU", 9)}${cell("p50 A/B", 9)}${cell("CPU A/B", 9)}`,
  );
  for (const [p, probe] of a.probes.entries()) {
    const [x, y] = [a, b].map((side) => ({
      p50: median(side.measured[p]!.latencies),
      cpu: side.measured[p]!.cpuMs / side.measured[p]!.requests,
    })) as [{ p50: number; cpu: number }, { p50: number; cpu: number }];
    console.log(
      `  ${probe.name.padEnd(38)}${cell(`${x.p50.toFixed(1)} ms`, 9)}${cell(`${x.cpu.toFixed(2)} ms`, 9)}${cell(`${y.p50.toFixed(1)} ms`, 9)}${cell(`${y.cpu.toFixed(2)} ms`, 9)}${ratio(x.p50, y.p50)}${ratio(x.cpu, y.cpu)}`,
    );
  }
  console.log(`  (p50: latency on loopback, median; CPU: the server's per request, over all the batches)`);
}

function printLoad(a: Side, b: Side) {
  console.log(
    `\nGET /dashboard under load, ${CONNECTIONS} connections for ${LOAD_SECONDS} s, ${LOAD_ROUNDS} runs per side, in turn:`,
  );
  console.log(
    `  ${"side".padEnd(6)}${cell("req/s", 10)}${cell("p99", 10)}${cell("CPU/req", 10)}${cell("errors", 8)}   runs (req/s)`,
  );
  for (const [label, side] of [
    ["A", a],
    ["B", b],
  ] as const) {
    console.log(
      `  ${label.padEnd(6)}${cell(median(side.load.perSecond).toFixed(0), 10)}${cell(`${median(side.load.p99).toFixed(0)} ms`, 10)}${cell(`${(side.load.cpuMs / side.load.requests).toFixed(2)} ms`, 10)}${cell(String(side.load.failures), 8)}   ${side.load.perSecond.map((r) => r.toFixed(0)).join(", ")}`,
    );
  }
  const [la, lb] = [a.load, b.load].map((load) => ({
    rps: median(load.perSecond),
    p99: median(load.p99),
    cpu: load.cpuMs / load.requests,
  }));
  console.log(
    `  ratio A/B: req/s ${(la!.rps / lb!.rps).toFixed(3)}, p99 ${(la!.p99 / lb!.p99).toFixed(3)}, CPU per request ${(la!.cpu / lb!.cpu).toFixed(3)}`,
  );
}
