/**
 * `npm run bench:report`: the PDF report drawn by pdfkit, next to the same report printed to PDF by headless
 * Chromium from its HTML (the usual way), in the same run.
 */
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { getDataset } from "@/lib/sandbox/dataset";
import { renderReportHtml } from "@/lib/sandbox/report/html";
import { buildReport } from "@/lib/sandbox/report/model";
import { renderReportPdf } from "@/lib/sandbox/report/pdf";
import { record } from "./record";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const dataset = getDataset();
const properties = dataset.properties.filter((_, i) => i % 71 === 0);
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

async function measure(render: (i: number) => Promise<number>) {
  await render(0); // warm
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    sizes.push(await render(i));
    times.push(performance.now() - start);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), size: quantile(sizes, 0.5) };
}

const report = (i: number) => buildReport(dataset, properties[i % properties.length]!, "Benchmark Applicant");

const pdfkit = await measure(async (i) => (await new Response(renderReportPdf(report(i))).arrayBuffer()).byteLength);

const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const browser = await chromium.launch({
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const page = await browser.newPage();
const headless = await measure(async (i) => {
  await page.setContent(renderReportHtml(report(i)), { waitUntil: "load" });
  return (await page.pdf({ format: "Letter", printBackground: true })).byteLength;
});
await browser.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`\nProperty report to PDF, ${RUNS} reports of ${properties.length} properties (model + rendering)\n`);
console.log(`${"renderer".padEnd(28)}${"p50".padStart(10)}${"p95".padStart(10)}${"size (p50)".padStart(12)}`);
console.log(
  `${"pdfkit (this app)".padEnd(28)}${`${pdfkit.p50.toFixed(1)} ms`.padStart(10)}${`${pdfkit.p95.toFixed(1)} ms`.padStart(10)}${kb(pdfkit.size).padStart(12)}`,
);
console.log(
  `${"headless Chromium from HTML".padEnd(28)}${`${headless.p50.toFixed(1)} ms`.padStart(10)}${`${headless.p95.toFixed(1)} ms`.padStart(10)}${kb(headless.size).padStart(12)}`,
);
console.log(`\npdfkit is ${(headless.p50 / pdfkit.p50).toFixed(1)}× faster at the median`);
record("property report (PDF)", {
  "pdfkit p50 (ms)": pdfkit.p50.toFixed(1),
  "pdfkit p95 (ms)": pdfkit.p95.toFixed(1),
  "pdfkit size (KB)": Math.round(pdfkit.size / 1024),
  "headless Chromium p50 (ms)": headless.p50.toFixed(1),
  "speed-up at the median": `${(headless.p50 / pdfkit.p50).toFixed(1)}×`,
});
