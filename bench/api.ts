/**
 * `npm run bench:api`: the built app (run `npm run build` first) under load on loopback. A cached
 * `GET /api/property/summary` and the signed-in homeowner's `/dashboard` page next to the trivial `GET /api/health` of
 * the same app in the same run (the framework's floor), and how many upstream calls 100 requests cost.
 */
import autocannon from "autocannon";
import { call, signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { goals, record } from "./record";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const { app, stop } = await startApp(3456);

try {
  const officer = await signIn(app, "officer@example.com", "officer-demo");
  const homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
  const admin = await signIn(app, app.admin.email, app.admin.password);
  const path = `/api/property/summary?address=${encodeURIComponent("2800 N 24th St, Phoenix, AZ 85008")}`;
  await call(app, "GET", path, { cookie: officer }); // warm: the one upstream call
  const upstreamBefore = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService
    .propertySummary as number;

  const load = (url: string, headers: Record<string, string> = {}) =>
    autocannon({ url, connections: 32, duration: DURATION, headers });
  const health = await load(`${app.url}/api/health`);
  const summary = await load(`${app.url}${path}`, { Cookie: officer });
  await fetch(`${app.url}/dashboard`, { headers: { Cookie: homeowner } }); // warm: the owner data's one upstream call
  const dashboard = await load(`${app.url}/dashboard`, { Cookie: homeowner });
  const upstreamAfter = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService
    .propertySummary as number;

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(34)}${Math.round(r.requests.average).toLocaleString("en-US").padStart(10)}${`${r.latency.p50} ms`.padStart(10)}${`${r.latency.p99} ms`.padStart(10)}${String(r.errors + r.non2xx).padStart(8)}`;
  console.log(`\nAPI on loopback, 32 connections, ${DURATION} s each\n`);
  console.log(
    `${"route".padEnd(34)}${"req/s".padStart(10)}${"p50".padStart(10)}${"p99".padStart(10)}${"errors".padStart(8)}`,
  );
  console.log(row("GET /api/health (trivial)", health));
  console.log(row("GET /api/property/summary (cached)", summary));
  console.log(row("GET /dashboard (signed in, 2 homes)", dashboard));
  const requests = summary.requests.total;
  record("API (32 connections)", {
    "health req/s": Math.round(health.requests.average),
    "health p50 / p99 (ms)": `${health.latency.p50} / ${health.latency.p99}`,
    "cached summary req/s": Math.round(summary.requests.average),
    "cached summary p50 / p99 (ms)": `${summary.latency.p50} / ${summary.latency.p99}`,
    "dashboard req/s": Math.round(dashboard.requests.average),
    "dashboard p50 / p99 (ms)": `${dashboard.latency.p50} / ${dashboard.latency.p99}`,
    "upstream calls per 100 summary requests": (
      ((upstreamAfter - upstreamBefore) / summary.requests.total) *
      100
    ).toFixed(3),
    "cached summary's share of health's req/s": (summary.requests.average / health.requests.average).toFixed(2),
    "dashboard's share of health's req/s": (dashboard.requests.average / health.requests.average).toFixed(2),
  });
  console.log(
    `\nupstream calls per 100 summary requests: ${(((upstreamAfter - upstreamBefore) / requests) * 100).toFixed(3)} (${upstreamAfter - upstreamBefore} calls for ${requests.toLocaleString("en-US")} requests)`,
  );
  const ratio = (r: autocannon.Result) => r.requests.average / health.requests.average;
  goals("API", [
    {
      goal: "cached summary ≥ 0.8× the trivial route's req/s",
      measured: `${ratio(summary).toFixed(2)}×`,
      met: ratio(summary) >= 0.8,
    },
    {
      goal: "cached summary p99 ≤ 3× the trivial route's p99",
      measured: `${summary.latency.p99} vs ${health.latency.p99} ms`,
      met: summary.latency.p99 <= 3 * health.latency.p99,
    },
    {
      goal: "/dashboard ≥ 0.30× the trivial route's req/s",
      measured: `${ratio(dashboard).toFixed(2)}×`,
      met: ratio(dashboard) >= 0.3,
    },
    {
      goal: "every answer 2xx",
      measured: String(summary.errors + summary.non2xx + dashboard.errors + dashboard.non2xx),
      met: summary.errors + summary.non2xx + dashboard.errors + dashboard.non2xx === 0,
    },
  ]);
} finally {
  stop();
}
