/**
 * `npm run bench:pages`: what the homeowner's pages cost a browser, on the built app (`npm run build` first): the
 * first-load JavaScript of each page (gzip), and a Lighthouse performance score measured in Chromium, with the
 * metrics it is made of. `BENCH_LCP=1` also prints each page's largest-contentful-paint element and its phases, and
 * where the main thread's time goes (Lighthouse's own audits). `BENCH_PORT` moves the app off its default port (3457);
 * `BENCH_LHR_DIR=folder` keeps each page's full Lighthouse report there as JSON.
 *
 * The last row, a text-only page with the site's layout, is the framework's floor in this build: printed and recorded
 * to compare with, not a goal.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { call, signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { goals, record } from "./record";

const { app, stop } = await startApp(Number(process.env.BENCH_PORT ?? 3457));
const pageFigures: Record<string, string | number> = {};
const checks: Parameters<typeof goals>[1] = [];
const FLOOR = "floor: text-only page";

/** Where the main thread's time goes, from Lighthouse's own audits: by kind of work, by script, and the long tasks. */
function breakdown(audits: Record<string, { details?: unknown; numericValue?: number } | undefined>): string {
  type Items = { items?: Record<string, unknown>[] };
  const items = (id: string) => ((audits[id]?.details as Items | undefined)?.items ?? []) as Record<string, unknown>[];
  const ms = (v: unknown) => `${Math.round(Number(v ?? 0))}`;
  const short = (url: unknown) =>
    String(url)
      .replace(/^https?:\/\/[^/]+/, "")
      .slice(-48);
  const work = items("mainthread-work-breakdown")
    .map((i) => `${i.groupLabel} ${ms(i.duration)}`)
    .join(", ");
  const scripts = items("bootup-time")
    .map(
      (i) =>
        `${short(i.url)} total ${ms(i.total)} (eval ${ms(i.scripting)}, parse/compile ${ms(i.scriptParseCompile)})`,
    )
    .join("\n      ");
  const longTasks = items("long-tasks")
    .map((i) => `${short(i.url)} @${ms(i.startTime)} ${ms(i.duration)} ms`)
    .join(", ");
  const phases =
    (audits["largest-contentful-paint-element"]?.details as { items?: Items[] } | undefined)?.items?.[1]?.items ?? [];
  const lcp = phases.map((p) => `${p.phase} ${ms(p.timing)}`).join(", ");
  return `    main thread (ms): ${work}\n    scripts (ms): ${scripts}\n    long tasks: ${longTasks || "none"}\n    LCP phases (ms): ${lcp}`;
}

try {
  const cookie = await signIn(app, "homeowner@example.com", "homeowner-demo");
  const data = (await call(app, "GET", "/api/owner-data", { cookie })).body as { properties: { propertyId: number }[] };
  const pages = [
    ["/dashboard", "/dashboard"],
    ["property page", `/dashboard/properties/${data.properties[0]!.propertyId}`],
    ["/example (signed out)", "/example"],
    // Not a goal: a page of server-rendered text with the site's layout, the framework's floor to compare with.
    [FLOOR, "/how-estimates-work"],
  ] as const;

  async function firstLoadJs(path: string, withCookie: boolean): Promise<number> {
    const html = await (await fetch(`${app.url}${path}`, { headers: withCookie ? { Cookie: cookie } : {} })).text();
    // Scripts a modern browser loads: Next's polyfills are `noModule`, fetched only by browsers without modules.
    const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"[^>]*>/g)].filter((m) => !/\snomodule/i.test(m[0]));
    const scripts = [...new Set(tags.map((m) => m[1]!))];
    let total = 0;
    for (const src of scripts)
      total += gzipSync(Buffer.from(await (await fetch(new URL(src, app.url))).arrayBuffer())).byteLength;
    return total;
  }

  const chromePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // The goals are on Lighthouse's simulated throttling. `BENCH_THROTTLING=devtools` measures real loads instead, to see
  // how much of a figure comes from the simulation: the desktop preset sets no devtools latency or bandwidth, so these
  // loads are unthrottled (loopback, this machine's CPU).
  const throttlingMethod = process.env.BENCH_THROTTLING === "devtools" ? "devtools" : "simulate";
  console.log(
    `\nHomeowner pages on the built app (Lighthouse desktop preset, ${throttlingMethod} throttling, Chromium)\n`,
  );
  console.log(
    `${"page".padEnd(26)}${"first-load JS (gzip)".padStart(22)}${"performance".padStart(14)}   what it is made of`,
  );
  try {
    for (const [name, path] of pages) {
      const withCookie = path.startsWith("/dashboard");
      const js = await firstLoadJs(path, withCookie);
      const result = await lighthouse(
        `${app.url}${path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: withCookie ? { Cookie: cookie } : undefined,
        },
        // Lighthouse's own desktop preset: its throttling (40 ms RTT, 10 Mbit/s, no CPU slowdown), screen and user
        // agent. Only `formFactor` and the screen without the preset's throttling would simulate a desktop-sized phone
        // on slow 4G with a 4× slower CPU, scored on the desktop curves.
        { ...desktopConfig, settings: { ...desktopConfig.settings, throttlingMethod } },
      );
      if (name === FLOOR) console.log(`(throttling as run: ${JSON.stringify(result?.lhr.configSettings.throttling)})`);
      const score = Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
      // The metrics the score is made of, so a low score says where to look.
      const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? "?";
      const parts = `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`;
      console.log(
        `${name.padEnd(26)}${`${(js / 1024).toFixed(1)} kB`.padStart(22)}${String(score).padStart(14)}   ${parts}`,
      );
      if (process.env.BENCH_LCP) {
        console.log(JSON.stringify(result?.lhr.audits["largest-contentful-paint-element"]?.details).slice(0, 1500));
        if (result) console.log(breakdown(result.lhr.audits));
      }
      if (process.env.BENCH_LHR_DIR && result) {
        mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        writeFileSync(`${process.env.BENCH_LHR_DIR}/${path.replace(/\W+/g, "_")}.json`, JSON.stringify(result.lhr));
      }
      pageFigures[`${name}: first-load JS gzip (kB)`] = (js / 1024).toFixed(1);
      const lcp = result?.lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity;
      const tbt = result?.lhr.audits["total-blocking-time"]?.numericValue ?? Infinity;
      pageFigures[`${name}: Lighthouse performance`] = score;
      pageFigures[`${name}: LCP (s)`] = (lcp / 1000).toFixed(2);
      pageFigures[`${name}: TBT (ms)`] = Math.round(tbt);
      if (name === FLOOR) continue;
      checks.push(
        { goal: `${name}: Lighthouse performance ≥ 95`, measured: String(score), met: score >= 95 },
        { goal: `${name}: LCP ≤ 1.0 s`, measured: `${(lcp / 1000).toFixed(2)} s`, met: lcp <= 1000 },
        { goal: `${name}: TBT ≤ 50 ms`, measured: `${Math.round(tbt)} ms`, met: tbt <= 50 },
        {
          goal: `${name}: first-load JS ≤ 130 kB gzip`,
          measured: `${(js / 1024).toFixed(1)} kB`,
          met: js <= 130 * 1024,
        },
      );
    }
  } finally {
    await chrome.kill();
  }

  // The widget: what a visitor's browser loads, and how long a valuation takes once the answer is cached.
  await fetch(`${app.url}/embed/demo`); // registers the demo site for this origin
  const widgetUrl = `${app.url}/embed/valuation?key=site_demo&address=${encodeURIComponent("2800 N 24th St, Phoenix, AZ 85008")}`;
  const html = await (await fetch(widgetUrl, { headers: { Referer: `${app.url}/embed/demo` } })).text();
  const external = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].length;
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("");
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    await (await fetch(widgetUrl)).text();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nwidget: first-load JavaScript ${(gzipSync(inline).byteLength / 1024).toFixed(2)} kB gzip (${external} external scripts, one inline), page ${(gzipSync(html).byteLength / 1024).toFixed(1)} kB gzip`,
  );
  pageFigures["widget: first-load JS gzip (kB)"] = (gzipSync(inline).byteLength / 1024).toFixed(2);
  pageFigures["widget: warm valuation p50 (ms)"] = times[25]!.toFixed(1);
  record("pages", pageFigures);
  goals("pages", checks);
  console.log(
    `widget: time to a valuation on a warm cache p50 ${times[25]!.toFixed(1)} ms, p95 ${times[47]!.toFixed(1)} ms (server, loopback)`,
  );
} finally {
  stop();
}
