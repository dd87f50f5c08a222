/**
 * `npm run bench:api`: the built app (run `npm run build` first) under load on loopback. A cached
 * `GET /api/property/summary` next to the trivial `GET /api/health` of the same app in the same run, and how many
 * upstream calls 100 requests cost.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { call, signIn } from "../tests/integration/client";
import type { AppInfo } from "../tests/integration/setup";

const PORT = 3456;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), "bench-api-"));
const server = spawn("node_modules/.bin/next", ["start", "-p", String(PORT)], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", PROPERTY_API_BASE_URL: "", RATE_LIMIT_USER_PER_MINUTE: "1000000", RATE_LIMIT_IP_PER_MINUTE: "1000000" },
  stdio: ["ignore", "ignore", "inherit"],
});
const app: AppInfo = { name: "embedded", url: `http://127.0.0.1:${PORT}`, admin: { email: "admin@example.com", password: "admin-demo" }, userLimitPerMinute: 1e6 };

try {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${app.url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
  console.log(`\nupstream calls per 100 summary requests: ${(((upstreamAfter - upstreamBefore) / requests) * 100).toFixed(3)} (${upstreamAfter - upstreamBefore} calls for ${requests.toLocaleString("en-US")} requests)`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
