import "server-only";
import { displayKey } from "@/lib/address/format";
import { brand } from "@/lib/env";
import { estimateContent } from "@/lib/format/estimate-content";
import { formatDate, formatUsd } from "@/lib/format";
import type { PublicReport } from "@/lib/services/report-links";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The widget visitor's full report as one self-contained HTML file (it is downloaded and opened offline): the home's
 * public facts and the branded estimate. Nothing private: no loan, no balance, no equity, no owner.
 */
export function publicReportHtml(report: PublicReport, appOrigin: string): string {
  const f = report.facts;
  const address = displayKey(f.address);
  const c = estimateContent({
    value: f.estimate.value,
    low: f.estimate.low,
    high: f.estimate.high,
    confidence: f.estimate.confidence,
    date: f.estimate.date,
    brand: { ...brand, logoUrl: new URL(brand.logoUrl, appOrigin).href, methodologyUrl: new URL(brand.methodologyUrl, appOrigin).href },
  });
  const rows: [string, string][] = [
    ["Property type", f.display.propertyType],
    ["Year built", String(f.yearBuilt)],
    ["Living area", f.display.livingArea],
    ["Lot", f.display.lot],
    ["Bedrooms", f.display.bedrooms],
    ["Bathrooms", f.display.bathrooms],
    ["Stories", String(f.stories)],
    ["Parking", f.display.parking],
    ["Construction", f.construction],
    ["Roof", f.roof],
    ["Heating and cooling", `${f.heating}; ${f.cooling}`],
    ["County", f.county],
    ["Last sale", `${formatUsd(f.lastSale.amount)} on ${formatDate(f.lastSale.date)}`],
    [`Assessment (${f.assessment.year})`, `${formatUsd(f.assessment.assessedValue)} assessed · ${formatUsd(f.assessment.tax)} tax`],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Home report: ${escape(address)}</title>
<style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
main{max-width:720px;margin:0 auto;padding:24px}h1{font-size:24px;margin:0}h2{font-size:16px;margin:24px 0 8px}
.estimate{border:1px solid #0f5132;border-radius:12px;padding:16px;background:#f8fafc}.estimate .figure{font-size:30px;font-weight:700;margin:4px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{font-weight:600}dd{margin:0}
footer{margin-top:24px;font-size:13px;color:#475569}a{color:#0f5132}
</style></head><body><main>
<h1>Home report</h1>
<p><strong>${escape(address)}</strong> · from ${escape(report.lender)}</p>
<section class="estimate" aria-labelledby="estimate-title"><h2 id="estimate-title">${escape(c.title)}</h2>
<p class="figure">${escape(c.headline)}</p><p>${escape(c.detail)}</p>
<p>${escape(c.attribution.prefix)} <strong>${escape(c.attribution.provider)}</strong></p>
<p>${escape(c.disclaimer)} <a href="${escape(c.methodology.href)}">${escape(c.methodology.text)}</a></p></section>
<h2>The home</h2>
<dl>${rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join("")}</dl>
<footer><p>Facts from public records; the estimate is the service's, not an appraisal. Made ${escape(formatDate(new Date()))}.</p></footer>
</main></body></html>`;
}
