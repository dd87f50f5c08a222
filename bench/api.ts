/**
 * `npm run bench:api`: the built app (run `npm run build` first) under load on loopback. A cached
 * `GET /api/property/summary` next to the trivial `GET /api/health` of the same app in the same run, and how many
 * upstream calls 100 requests cost.
 */
import autocannon from "autocannon";
import { call, signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { record } from "./record";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const { app, stop } = await startApp(3456);

try {
  const officer = await signIn(app, "officer@example.com", "officer-demo");
  const admin = await signIn(app, app.admin.email, app.admin.password);
  const path = `/api/property/summary?address=${encodeURIComponent("2800 N 24th St, Phoenix, AZ 85008")}`;
  await call(app, "GET", path, { cookie: officer }); // warm: the one upstream call
  const upstreamBefore = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService.propertySummary as number;

  const load = (url: string, headers: Record<string, string> = {}) =>
    autocannon({ url, connections: 32, duration: DURATION, headers });
  const health = await load(`${app.url}/api/health`);
  const summary = await load(`${app.url}${path}`, { Cookie: officer });
  const upstreamAfter = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService.propertySummary as number;

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(34)}${Math.round(r.requests.average).toLocaleString("en-US").padStart(10)}${`${r.latency.p50} ms`.padStart(10)}${`${r.latency.p99} ms`.padStart(10)}${String(r.errors + r.non2xx).padStart(8)}`;
  console.log(`\nAPI on loopback, 32 connections, ${DURATION} s each\n`);
  console.log(`${"route".padEnd(34)}${"req/s".padStart(10)}${"p50".padStart(10)}${"p99".padStart(10)}${"errors".padStart(8)}`);
  console.log(row("GET /api/health (trivial)", health));
  console.log(row("GET /api/property/summary (cached)", summary));
  const requests = summary.requests.total;
  record("API (32 connections)", {
    "health req/s": Math.round(health.requests.average),
    "health p50 / p99 (ms)": `${health.latency.p50} / ${health.latency.p99}`,
    "cached summary req/s": Math.round(summary.requests.average),
    "cached summary p50 / p99 (ms)": `${summary.latency.p50} / ${summary.latency.p99}`,
    "upstream calls per 100 summary requests": (((upstreamAfter - upstreamBefore) / summary.requests.total) * 100).toFixed(3),
  });
  console.log(`\nupstream calls per 100 summary requests: ${(((upstreamAfter - upstreamBefore) / requests) * 100).toFixed(3)} (${upstreamAfter - upstreamBefore} calls for ${requests.toLocaleString("en-US")} requests)`);
} finally {
  stop();
}
