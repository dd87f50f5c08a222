/**
 * `npm run bench:dev`: how long `npm run dev` takes to serve its pages, the way a developer meets them. Each run
 * starts `next dev` on a port of its own with a fresh data folder and times `/` (the first request compiles the page
 * and its layout's graph) from the command's start; then the first visit of each main page, one after another, each
 * timed from its own request to its answer (its HTML and the scripts and stylesheets it links), signed in as the
 * account the page is for (the sign-ins are timed apart: they are API calls, not pages). "Cold" removes `.next/dev`
 * first (a new checkout); "warm" keeps Turbopack's file-system cache of the run before (every later start).
 * `BENCH_DEV_RUNS` runs of each (2 by default); `BENCH_DEV_PAUSE` seconds (0 by default) between the first page and
 * the next visits, as a person reading the first page would leave, or `warm-up` to wait until the server says its
 * background compiling of the main pages (lib/dev-warm-up.ts) is done; the "warm-up" column is how long after the
 * first page it said so. Not part of `npm run bench`: it compiles, so it shares the machine badly.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { credentialsCallback, demoCode, sessionFrom } from "../tests/integration/client";
import type { AppInfo } from "../tests/integration/setup";
import { goals, record } from "./record";

const PORT = Number(process.env.BENCH_PORT ?? 3471);
const RUNS = Number(process.env.BENCH_DEV_RUNS ?? 2);
const UNTIL_WARM = process.env.BENCH_DEV_PAUSE === "warm-up";
const PAUSE_MS = UNTIL_WARM ? 0 : Number(process.env.BENCH_DEV_PAUSE ?? 0) * 1000;
const GOAL_MS = 8_000;
const PAGE_GOAL_MS = 3_000;
const PAGES = ["/login", "/dashboard", "property page", "/lookup", "/clients", "/admin"] as const;
type Page = (typeof PAGES)[number];

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

/**
 * One page's first visit, as a browser makes it: from the request to the last byte of its HTML and of the scripts and
 * stylesheets it links (fetched together, as a browser does). Must be the page itself (200), not a redirect.
 */
async function visit(url: string, cookie?: string): Promise<{ ms: number; html: string }> {
  const began = performance.now();
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const assets = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/_next\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
  );
  await Promise.all([...assets].map(async (asset) => (await fetch(new URL(asset, url))).arrayBuffer()));
  return { ms: performance.now() - began, html };
}

interface Run {
  ready: number;
  home: number;
  pages: Record<Page, number>;
  signIns: number;
  /**
   * When the server said its warm-up was done, from the first page's answer (0: it did not say, before the visits
   * ended).
   */
  warmUp: number;
}

async function start(cold: boolean): Promise<Run> {
  if (cold) rmSync(".next/dev", { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), "bench-dev-"));
  const url = `http://127.0.0.1:${PORT}`;
  const began = performance.now();
  const server = spawn("npx", ["next", "dev", "-p", String(PORT), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      PROPERTY_API_BASE_URL: "",
      NEXTAUTH_URL: url,
    },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let ready = 0;
  let warmedAt = 0;
  let warmed = () => {};
  const warmedUp = new Promise<void>((resolve) => (warmed = resolve));
  server.stdout.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (!ready && /Ready in/.test(text)) ready = performance.now() - began;
    if (!warmedAt && /the main pages are compiled/.test(text)) {
      warmedAt = performance.now();
      warmed();
    }
    // Next's own line per request ("GET /x 200 in 7.1s (compile: 6.4s, render: 0.7s)"): where each visit's time went.
    if (process.env.BENCH_DEV_LOG) process.stdout.write(text);
  });
  try {
    await firstAnswer(`${url}/`, began + 180_000);
    const home = performance.now() - began;
    if (PAUSE_MS) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    if (UNTIL_WARM) await Promise.race([warmedUp, new Promise((resolve) => setTimeout(resolve, 600_000))]);
    const app = {
      name: "embedded",
      url,
      dataDir,
      admin: { email: "admin@example.com", password: "admin-demo" },
      userLimitPerMinute: 0,
    } satisfies AppInfo;
    const pages = {} as Record<Page, number>;
    let signIns = 0;
    // As the login form signs in: the demo staff with their authenticator's code (their first sign-in in this data
    // folder).
    const as = async (email: string, password: string) => {
      const t = performance.now();
      const cookie = sessionFrom(await credentialsCallback(app, email, password, demoCode(app, email)));
      if (!cookie) throw new Error(`sign-in failed for ${email}`);
      signIns += performance.now() - t;
      return cookie;
    };
    pages["/login"] = (await visit(`${url}/login`)).ms;
    const homeowner = await as("homeowner@example.com", "homeowner-demo");
    const dashboard = await visit(`${url}/dashboard`, homeowner);
    pages["/dashboard"] = dashboard.ms;
    const property = /href="(\/dashboard\/properties\/\d+)"/.exec(dashboard.html)?.[1];
    if (!property) throw new Error("the dashboard links to no property page");
    pages["property page"] = (await visit(`${url}${property}`, homeowner)).ms;
    const officer = await as("officer@example.com", "officer-demo");
    pages["/lookup"] = (await visit(`${url}/lookup`, officer)).ms;
    pages["/clients"] = (await visit(`${url}/clients`, officer)).ms;
    pages["/admin"] = (await visit(`${url}/admin`, await as("admin@example.com", "admin-demo"))).ms;
    return { ready, home, pages, signIns, warmUp: warmedAt && warmedAt - began - home };
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
const results: (Run & { kind: string; load: number })[] = [];
for (let i = 0; i < RUNS; i++)
  for (const cold of [true, false]) {
    const load = loadavg()[0]!;
    results.push({ kind: cold ? "cold" : "warm", load, ...(await start(cold)) });
  }

console.log(
  `\nnpm run dev, ${RUNS} runs each; Ready and first / from the command's start, each page's first visit from its request`,
);
const when = UNTIL_WARM
  ? " once the server's warm-up was done"
  : PAUSE_MS
    ? ` from ${PAUSE_MS / 1000} s after the first page`
    : " as soon as the first page answered";
console.log(`(pages visited one after another${when}; load average at each start)\n`);
const columns = ["Ready", "first /", "warm-up", ...PAGES, "sign-ins", "load"];
console.log(`${"".padEnd(6)}${columns.map((c) => c.padStart(c.length > 9 ? c.length + 2 : 10)).join("")}`);
for (const r of results) {
  const cells = [
    s(r.ready),
    s(r.home),
    r.warmUp ? s(r.warmUp) : "-",
    ...PAGES.map((p) => s(r.pages[p])),
    s(r.signIns),
    r.load.toFixed(1),
  ];
  console.log(
    `${r.kind.padEnd(6)}${cells.map((c, i) => c.padStart(columns[i]!.length > 9 ? columns[i]!.length + 2 : 10)).join("")}`,
  );
}
const best = (kind: string) => Math.min(...results.filter((r) => r.kind === kind).map((r) => r.home));
/** A page's slowest first visit over the runs of a kind. */
const slowest = (kind: string, page: Page) =>
  Math.max(...results.filter((r) => r.kind === kind).map((r) => r.pages[page]));
record("npm run dev", {
  "first page, cold (s)": s(best("cold")),
  "first page, warm cache (s)": s(best("warm")),
  ...Object.fromEntries(PAGES.map((p) => [`${p} first visit, cold (s, slowest)`, s(slowest("cold", p))])),
});
goals("npm run dev", [
  { goal: "first page of a new checkout under 8 s (best run)", measured: s(best("cold")), met: best("cold") < GOAL_MS },
  {
    goal: "first page with the cache of a run before under 8 s",
    measured: s(best("warm")),
    met: best("warm") < GOAL_MS,
  },
  ...PAGES.map((p) => {
    const worst = Math.max(slowest("cold", p), slowest("warm", p));
    return { goal: `${p}: first visit under 3 s (slowest run)`, measured: s(worst), met: worst < PAGE_GOAL_MS };
  }),
]);
