import type { PropertyReport, ReportSection } from "@/lib/property-api";
import { formatsFor } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { reportForPeople } from "./people";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function section(s: ReportSection): string {
  const facts = s.facts
    .map((f) => `<div><dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd></div>`)
    .join("");
  const table = s.table
    ? `<table><thead><tr>${s.table.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join("")}</tr></thead><tbody>${s.table.rows
        .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
        .join("")}</tbody></table>`
    : "";
  const note = s.note ? `<p class="note">${escapeHtml(s.note)}</p>` : "";
  return `<section id="${s.id}" aria-labelledby="${s.id}-title"><h2 id="${s.id}-title">${escapeHtml(s.title)}</h2><dl>${facts}</dl>${table}${note}</section>`;
}

const LOGO =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" style="vertical-align:middle;margin-right:8px"><rect width="32" height="32" rx="7" fill="#0f5132"/>' +
  '<path d="M6 16.5 16 8l10 8.5V26h-7v-6h-6v6H6z" fill="#fff"/><circle cx="23.5" cy="9.5" r="3.5" fill="#86efac"/></svg>';

/**
 * A standalone, accessible HTML page of the report, with a print stylesheet, in a language (English: the service's).
 */
export function renderReportHtml(answer: PropertyReport, { locale = "en" }: { locale?: Locale } = {}): string {
  const report = reportForPeople(answer, { locale });
  const t = translator(locale, "ReportDoc");
  const f = formatsFor(locale);
  const money = (n: number) => (locale === "en" ? `$${n.toLocaleString("en-US")}` : f.usd(n));
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${report.title}: ${report.address.oneLine}`)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;color:#1f2937;max-width:960px;margin:0 auto;padding:24px}
header{border-bottom:3px solid #0f5132;margin-bottom:24px}h1{color:#0f5132;margin:0}h2{color:#0f5132;border-bottom:1px solid #d1d5db;padding-bottom:4px}
dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:4px 24px}dl div{display:flex;justify-content:space-between;gap:12px;border-bottom:1px dotted #e5e7eb}
dt{color:#4b5563}dd{margin:0;font-weight:600;text-align:right}table{width:100%;border-collapse:collapse;font-size:13px;margin-top:12px}
th,td{text-align:left;padding:6px;border-bottom:1px solid #e5e7eb}th{background:#f3f4f6}.note{color:#4b5563;font-size:13px}
.estimate{background:#f0fdf4;border:1px solid #0f5132;padding:16px;border-radius:8px}nav ol{columns:2}
@media print{body{max-width:none;padding:0}nav{display:none}section{break-inside:avoid-page}a{color:inherit;text-decoration:none}}
</style></head><body>
<header><h1>${escapeHtml(report.title)}</h1><p>${escapeHtml(report.address.oneLine)}<br>${escapeHtml(t("preparedFor", { name: report.applicantName, date: f.date(report.generatedAt) }))}</p></header>
<main>
<aside class="estimate" aria-label="${escapeHtml(report.branding.estimateName)}">${LOGO}<strong>${escapeHtml(t("estimateFigure", { name: report.branding.estimateName, value: money(report.valuation.value) }))}</strong>
<p>${escapeHtml(t("estimateDetail", { low: money(report.valuation.low), high: money(report.valuation.high), confidence: report.valuation.confidenceScore, date: report.valuation.eventDate }))}<br>
${escapeHtml(t("providedBy", { provider: report.branding.provider }))} ${escapeHtml(report.branding.disclaimer)}</p></aside>
<nav aria-label="${escapeHtml(t("contents"))}"><h2>${escapeHtml(t("contents"))}</h2><ol>${report.sections.map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`).join("")}</ol></nav>
${report.sections.map(section).join("\n")}
</main></body></html>`;
}
