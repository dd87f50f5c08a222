/**
 * `npm run bench:dev`: how long `npm run dev` takes to serve its first page, the way a developer meets it. Each run
 * starts `next dev` on a port of its own with a fresh data folder and times `/` (the first request compiles the page
 * and its layout's graph) and then `/login`, measured from the command's start. "Cold" removes `.next/dev` first (a
 * new checkout); "warm" keeps Turbopack's file-system cache of the run before (every later start). `BENCH_DEV_RUNS`
 * runs of each (2 by default). Not part of `npm run bench`: it compiles, so it shares the machine badly.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { goals, record } from "./record";

const PORT = Number(process.env.BENCH_PORT ?? 3471);
const RUNS = Number(process.env.BENCH_DEV_RUNS ?? 2);
const GOAL_MS = 8_000;

async function firstAnswer(url: string, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

async function start(cold: boolean): Promise<{ ready: number; home: number; login: number }> {
  if (cold) rmSync(".next/dev", { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), "bench-dev-"));
  const began = performance.now();
  const server = spawn("npx", ["next", "dev", "-p", String(PORT), "-H", "127.0.0.1"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", PROPERTY_API_BASE_URL: "", NEXTAUTH_URL: `http://127.0.0.1:${PORT}` },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let ready = 0;
  server.stdout.on("data", (chunk: Buffer) => {
    if (!ready && /Ready in/.test(chunk.toString())) ready = performance.now() - began;
  });
  try {
    const deadline = began + 180_000;
    await firstAnswer(`http://127.0.0.1:${PORT}/`, deadline);
    const home = performance.now() - began;
    await firstAnswer(`http://127.0.0.1:${PORT}/login`, deadline);
    return { ready, home, login: performance.now() - began };
  } finally {
    // Ctrl-C, as a developer stops it: Turbopack writes its cache on the way out (a SIGTERM'd server left none).
    const exited = new Promise((resolve) => server.once("exit", resolve));
    process.kill(-server.pid!, "SIGINT");
    const killer = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 60_000);
    await exited;
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: { kind: string; ready: number; home: number; login: number; load: number }[] = [];
for (let i = 0; i < RUNS; i++)
  for (const cold of [true, false]) {
    const load = loadavg()[0]!;
    results.push({ kind: cold ? "cold" : "warm", load, ...(await start(cold)) });
  }

console.log(`\nnpm run dev, ${RUNS} runs each, from the command's start (load average at each start)\n`);
console.log(`${"".padEnd(8)}${"Ready".padStart(10)}${"first /".padStart(10)}${"/login".padStart(10)}${"load".padStart(8)}`);
for (const r of results)
  console.log(`${r.kind.padEnd(8)}${s(r.ready).padStart(10)}${s(r.home).padStart(10)}${s(r.login).padStart(10)}${r.load.toFixed(1).padStart(8)}`);
const best = (kind: string) => Math.min(...results.filter((r) => r.kind === kind).map((r) => r.home));
record("npm run dev", { "first page, cold (s)": s(best("cold")), "first page, warm cache (s)": s(best("warm")) });
goals("npm run dev", [
  { goal: "first page of a new checkout under 8 s (best run)", measured: s(best("cold")), met: best("cold") < GOAL_MS },
  { goal: "first page with the cache of a run before under 8 s", measured: s(best("warm")), met: best("warm") < GOAL_MS },
]);
