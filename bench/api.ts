/**
 * `npm run bench:api`: the built app (run `npm run build` first) under load on loopback. A cached
 * `GET /api/property/summary` and the signed-in homeowner's `/dashboard` page next to the trivial `GET /api/health` of
 * the same app in the same run (the framework's floor for a route), and a page that reads no data
 * (`/how-estimates-work`, the floor for a page); and how many upstream calls the summary's requests cost.
 *
 * This machine's speed moves by a third within minutes, so the routes are loaded in turns: `BENCH_ROUNDS` rounds (3),
 * each route `BENCH_SECONDS` (10) split over them, the order reversed every other round. A share is the route's req/s
 * over the trivial route's of the same round; the median round's share is the figure, and the goal's measure.
 */
import autocannon from "autocannon";
import { call, signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { goals, record } from "./record";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const { app, stop } = await startApp(3456);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const officer = await signIn(app, "officer@example.com", "officer-demo");
  const homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
  const admin = await signIn(app, app.admin.email, app.admin.password);
  const path = `/api/property/summary?address=${encodeURIComponent("2800 N 24th St, Phoenix, AZ 85008")}`;
  await call(app, "GET", path, { cookie: officer }); // warm: the one upstream call
  await fetch(`${app.url}/dashboard`, { headers: { Cookie: homeowner } }); // warm: the owner data's one upstream call
  const upstreamBefore = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService
    .propertySummary as number;

  const routes = [
    { name: "GET /api/health (trivial)", path: "/api/health", cookie: "" },
    { name: "GET /api/property/summary (cached)", path, cookie: officer },
    { name: "GET /how-estimates-work (no data)", path: "/how-estimates-work", cookie: "" },
    { name: "GET /dashboard (signed in, 2 homes)", path: "/dashboard", cookie: homeowner },
  ];
  const runs = routes.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const i of round % 2 ? [...routes.keys()].reverse() : routes.keys())
      runs[i]!.push(
        await autocannon({
          url: `${app.url}${routes[i]!.path}`,
          connections: 32,
          duration: DURATION / ROUNDS,
          headers: routes[i]!.cookie ? { Cookie: routes[i]!.cookie } : {},
        }),
      );
  const upstreamAfter = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService
    .propertySummary as number;

  // A route's figures: the median of its rounds, each round's share against the trivial route's of the same round.
  const figures = (i: number) => {
    const results = runs[i]!;
    const shares = results.map((r, round) => r.requests.average / runs[0]![round]!.requests.average);
    return {
      name: routes[i]!.name,
      reqs: median(results.map((r) => r.requests.average)),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      failed: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      total: results.reduce((sum, r) => sum + r.requests.total, 0),
      share: median(shares),
      shares,
    };
  };
  type Figures = ReturnType<typeof figures>;
  const [health, summary, page, dashboard] = [0, 1, 2, 3].map(figures) as [Figures, Figures, Figures, Figures];

  const row = (r: Figures) =>
    `${r.name.padEnd(36)}${Math.round(r.reqs).toLocaleString("en-US").padStart(8)}${`${r.p50} ms`.padStart(9)}${`${r.p99} ms`.padStart(9)}${String(r.failed).padStart(7)}   ${r.shares.map((x) => x.toFixed(2)).join(" ")}`;
  console.log(`\nAPI on loopback, 32 connections, ${DURATION} s each in ${ROUNDS} rounds (medians of the rounds)\n`);
  console.log(
    `${"route".padEnd(36)}${"req/s".padStart(8)}${"p50".padStart(9)}${"p99".padStart(9)}${"errors".padStart(7)}   share of the trivial route's req/s, by round`,
  );
  [health, summary, page, dashboard].forEach((r) => console.log(row(r)));
  const perHundred = (((upstreamAfter - upstreamBefore) / summary.total) * 100).toFixed(3);
  record("API (32 connections)", {
    "health req/s": Math.round(health.reqs),
    "health p50 / p99 (ms)": `${health.p50} / ${health.p99}`,
    "cached summary req/s": Math.round(summary.reqs),
    "cached summary p50 / p99 (ms)": `${summary.p50} / ${summary.p99}`,
    "dashboard req/s": Math.round(dashboard.reqs),
    "dashboard p50 / p99 (ms)": `${dashboard.p50} / ${dashboard.p99}`,
    "upstream calls per 100 summary requests": perHundred,
    "cached summary's share of health's req/s": summary.share.toFixed(2),
    "a page without data's share of health's req/s": page.share.toFixed(2),
    "dashboard's share of health's req/s": dashboard.share.toFixed(2),
  });
  console.log(
    `\nupstream calls per 100 summary requests: ${perHundred} (${upstreamAfter - upstreamBefore} calls for ${summary.total.toLocaleString("en-US")} requests)`,
  );
  const failed = summary.failed + page.failed + dashboard.failed;
  goals("API", [
    {
      goal: "cached summary ≥ 0.8× the trivial route's req/s",
      measured: `${summary.share.toFixed(2)}×`,
      met: summary.share >= 0.8,
    },
    {
      goal: "cached summary p99 ≤ 3× the trivial route's p99",
      measured: `${summary.p99} vs ${health.p99} ms`,
      met: summary.p99 <= 3 * health.p99,
    },
    {
      goal: "/dashboard ≥ 0.30× the trivial route's req/s",
      measured: `${dashboard.share.toFixed(2)}× (a page without data: ${page.share.toFixed(2)}×)`,
      met: dashboard.share >= 0.3,
    },
    { goal: "every answer 2xx", measured: String(failed), met: failed === 0 },
  ]);
} finally {
  stop();
}
