/**
 * `npm run bench:load`: the built app (`npm run build` first) under 200 concurrent clients for 60 s on loopback, a
 * realistic mix: the homeowner's dashboard and owner data, a loan officer's lookups, and the widget.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { call, houses, signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { record } from "./record";

const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const { app, stop, pid } = await startApp(3458);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

try {
  const homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
  const officer = await signIn(app, "officer@example.com", "officer-demo");
  const admin = await signIn(app, app.admin.email, app.admin.password);
  await fetch(`${app.url}/embed/demo`);
  const lookups = houses(700, 20);
  const widget = houses(720, 20);
  const upstream = async () => Object.values((await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService as Record<string, number>).reduce((a, b) => a + b, 0);

  // Warm-up: the first answers come from the service; then memory is read.
  await autocannon({ url: app.url, connections: 20, duration: 5, requests: [{ method: "GET", path: "/api/health" }] });
  const before = await upstream();
  const memoryStart = rssMb();

  const requests: autocannon.Request[] = [
    { method: "GET", path: "/dashboard", headers: { cookie: homeowner } },
    { method: "GET", path: "/api/owner-data", headers: { cookie: homeowner } },
    ...lookups.slice(0, 5).map((address) => ({ method: "POST" as const, path: "/api/avm", headers: { cookie: officer, "content-type": "application/json" }, body: JSON.stringify({ address }) })),
    ...widget.slice(0, 5).map((address) => ({ method: "GET" as const, path: `/embed/valuation?key=site_demo&address=${encodeURIComponent(address)}` })),
  ];
  const result = await autocannon({ url: app.url, connections: CONNECTIONS, duration: DURATION, requests, timeout: 30 });
  const memoryEnd = rssMb();
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const memorySettled = rssMb();
  const upstreamCalls = (await upstream()) - before;

  const figures = {
    "requests per second": Math.round(result.requests.average),
    "latency p50 (ms)": result.latency.p50,
    "latency p99 (ms)": result.latency.p99,
    "errors and non-2xx": result.errors + result.non2xx + result.timeouts,
    "requests in total": result.requests.total,
    "upstream calls during the run": upstreamCalls,
    "memory at start (MB)": Math.round(memoryStart),
    "memory at end (MB)": Math.round(memoryEnd),
    "memory 15 s after (MB)": Math.round(memorySettled),
  };
  console.log(`\nLoad: ${CONNECTIONS} clients for ${DURATION} s, dashboard + owner data + officer lookups + widget\n`);
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(34)}${String(value).padStart(12)}`);
  record(`load (${CONNECTIONS} clients, ${DURATION} s)`, figures);
} finally {
  stop();
}
