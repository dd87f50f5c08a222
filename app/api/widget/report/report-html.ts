import "server-only";
import { displayKey } from "@/lib/address/format";
import { brand } from "@/lib/env";
import { estimateContent } from "@/lib/i18n/estimate-content";
import { formatsFor } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { factTexts, type FactsCatalogue } from "@/lib/i18n/fact-texts";
import { factWords, warnUnknownFact } from "@/lib/i18n/fact-words-logged";
import type { PublicReport } from "@/lib/services/leads/report-links";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The widget visitor's full report as one self-contained HTML file (it is downloaded and opened offline): the home's
 * public facts and the branded estimate. Nothing private: no loan, no balance, no equity, no owner.
 */
export function publicReportHtml(report: PublicReport, appOrigin: string, locale: Locale = "en"): string {
  const t = translator(locale, "Widget");
  const fmt = formatsFor(locale);
  const f = report.facts;
  const address = displayKey(f.address);
  // Built apart from the call so that it carries `locale` whether or not EstimateInput declares it yet.
  const input = {
    locale,
    value: f.estimate.value,
    low: f.estimate.low,
    high: f.estimate.high,
    confidence: f.estimate.confidence,
    date: f.estimate.date,
    brand: {
      ...brand,
      logoUrl: new URL(brand.logoUrl, appOrigin).href,
      methodologyUrl: new URL(brand.methodologyUrl, appOrigin).href,
    },
  };
  const c = estimateContent(input);
  // The facts in the property page's words (components/property/fact-texts.ts): the same plurals, the codes in words.
  const labels = translator(locale, "PropertyFacts");
  const say = factTexts(f, labels as unknown as FactsCatalogue, factWords(locale).say, fmt, warnUnknownFact);
  const rows: [string, string][] = [
    [t("propertyType"), say.propertyType],
    [t("yearBuilt"), say.yearBuilt],
    [t("livingArea"), say.livingArea],
    [t("lot"), say.lot],
    [t("bedrooms"), say.bedrooms],
    [t("bathrooms"), say.bathrooms],
    [t("stories"), say.stories],
    [t("parking"), say.parking],
    [t("construction"), say.construction],
    [t("roof"), say.roof],
    [labels("heating"), say.heating],
    [labels("cooling"), say.cooling],
    [t("county"), say.county],
    [t("lastSale"), say.lastSale],
    [
      t("assessment", { year: String(f.assessment.year) }),
      t("assessmentValue", { assessed: fmt.usd(f.assessment.assessedValue), tax: fmt.usd(f.assessment.tax) }),
    ],
  ];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t("publicTitle", { address }))}</title>
<style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
main{max-width:720px;margin:0 auto;padding:24px}h1{font-size:24px;margin:0}h2{font-size:16px;margin:24px 0 8px}
.estimate{border:1px solid #0f5132;border-radius:12px;padding:16px;background:#f8fafc}.estimate .figure{font-size:30px;font-weight:700;margin:4px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{font-weight:600}dd{margin:0}
footer{margin-top:24px;font-size:13px;color:#475569}a{color:#0f5132}
</style></head><body><main>
<h1>${escape(t("publicHeading"))}</h1>
<p><strong>${escape(address)}</strong> · ${escape(t("publicFrom", { lender: report.lender }))}</p>
<section class="estimate" aria-labelledby="estimate-title"><h2 id="estimate-title">${escape(c.title)}</h2>
<p class="figure">${escape(c.headline)}</p><p>${escape(c.detail)}</p>
<p>${escape(c.attribution.prefix)} <strong>${escape(c.attribution.provider)}</strong></p>
<p>${escape(c.disclaimer)} <a href="${escape(c.methodology.href)}">${escape(c.methodology.text)}</a></p></section>
<h2>${escape(t("publicHome"))}</h2>
<dl>${rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join("")}</dl>
<footer><p>${escape(t("publicFooter", { date: fmt.date(new Date()) }))}</p></footer>
</main></body></html>`;
}
