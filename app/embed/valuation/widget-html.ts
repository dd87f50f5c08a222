import "server-only";
import { estimateContent } from "@/lib/i18n/estimate-content";
import { displayKey } from "@/lib/address/format";
import { brand } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import type { ValuationDto } from "@/lib/services/homes/dto";
import { leadFormCss, leadFormHtml } from "./lead-form-html";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface WidgetView {
  siteKey: string;
  theme: "light" | "dark";
  accent: string;
  /** The embedding page's origin, where resize messages go (never `*`); none when unknown. */
  parentOrigin?: string;
  parent?: string;
  address?: string;
  /** The estimate and the address it is for, as the service standardized it. */
  valuation?: ValuationDto & { address: string };
  error?: string;
  /** The report form's consent words, naming the lender (with an estimate only). */
  consent?: string;
  nonce: string;
  appOrigin: string;
  /** The visitor's language (`?lang=`, else their browser's). */
  locale: Locale;
  /** The app's failure words by `error.code`, for the lead form's script. */
  errors?: Record<string, string>;
}

/** The branded estimate as plain HTML: the same content, piece for piece, as the ServiceEstimate component. */
function estimateHtml(valuation: ValuationDto, appOrigin: string, locale: Locale): string {
  // Built apart from the call so that it carries `locale` whether or not EstimateInput declares it yet.
  const input = {
    locale,
    value: valuation.value,
    low: valuation.low,
    high: valuation.high,
    confidence: valuation.confidence,
    date: valuation.eventDate,
    brand: {
      ...brand,
      logoUrl: new URL(brand.logoUrl, appOrigin).href,
      methodologyUrl: new URL(brand.methodologyUrl, appOrigin).href,
    },
    compact: true,
  };
  const c = estimateContent(input);
  return `<section data-testid="service-estimate" aria-labelledby="estimate-title"><h2 id="estimate-title">${escape(c.title)}</h2>
<p>${escape(c.headline)}</p><p>${escape(c.detail)}</p>
<p><img src="${escape(c.attribution.logoUrl)}" alt="" width="16" height="16"> <span>${escape(c.attribution.prefix)} <strong>${escape(c.attribution.provider)}</strong></span></p>
<p>${escape(c.disclaimer)} <a href="${escape(c.methodology.href)}" target="_blank" rel="noopener">${escape(c.methodology.text)}</a></p></section>`;
}

/**
 * The widget's page: a form that works without JavaScript (it submits to itself) and the branded valuation, with no
 * framework in the browser. Its only script tells the parent page its height.
 */
export function widgetHtml(view: WidgetView): string {
  const t = translator(view.locale, "Widget");
  const dark = view.theme === "dark";
  const valued = view.valuation && displayKey(view.valuation.address);
  // The estimate says which address it is for: what was typed may have been corrected on the way.
  const estimate = view.valuation
    ? `<p class="for">${t.markup("valuedFor", { address: escape(valued!), b: (chunks) => `<strong>${chunks}</strong>` })}</p>${estimateHtml(view.valuation, view.appOrigin, view.locale)}`
    : "";
  const hidden = [
    ["key", view.siteKey],
    ["theme", view.theme],
    ["accent", view.accent.slice(1)],
    // A plain iframe learns its page from the first load's Referer: the address search carries it on.
    ["parent", view.parent ?? view.parentOrigin ?? ""],
    ["lang", view.locale],
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value!)}">`)
    .join("");
  return `<!doctype html>
<html lang="${view.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t("title"))}</title>
<style>
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${dark ? "#e5e7eb" : "#1f2937"};background:${dark ? "#0f172a" : "#fff"}}
main{padding:16px;max-width:520px}h1{font-size:18px;margin:0 0 10px}label{display:block;font-weight:600;margin-bottom:4px}
.row{display:flex;flex-wrap:wrap;gap:8px}input[type=text]{flex:1 1 15rem;min-width:0;padding:9px 10px;border:1px solid ${dark ? "#475569" : "#cbd5e1"};border-radius:8px;font:inherit;background:${dark ? "#1e293b" : "#fff"};color:inherit}
button{padding:9px 14px;border:0;border-radius:8px;background:${view.accent};color:#fff;font-weight:600;font:inherit;cursor:pointer}
:focus-visible{outline:3px solid ${view.accent};outline-offset:2px}
[data-testid=service-estimate]{margin-top:14px;border:1px solid ${view.accent};border-radius:12px;padding:12px;background:${dark ? "#1e293b" : "#f8fafc"}}
[data-testid=service-estimate] h2{margin:0;font-size:12px;letter-spacing:.05em;text-transform:uppercase;color:${dark ? "#86efac" : view.accent}}
[data-testid=service-estimate] p{margin:4px 0 0;font-size:13px}[data-testid=service-estimate] p:first-of-type{font-size:26px;font-weight:700}
[data-testid=service-estimate] p:nth-of-type(3){display:flex;gap:6px;align-items:center}[data-testid=service-estimate] a{color:inherit}
${leadFormCss(dark)}
.for{margin:14px 0 0;font-size:13px}.error{margin-top:12px;color:${dark ? "#fca5a5" : "#b91c1c"}}.more{display:inline-block;margin-top:10px;color:inherit}
</style></head><body><main>
<h1>${escape(t("title"))}</h1>
<form method="get" action="/embed/valuation">${hidden}
<label for="address">${escape(t("addressLabel"))}</label>
<div class="row"><input type="text" id="address" name="address" value="${escape(view.address ?? "")}" placeholder="2800 N 24th St, Phoenix, AZ 85008" autocomplete="street-address" required><button type="submit">${escape(t("submit"))}</button></div>
</form>
${view.error ? `<p class="error" role="alert">${escape(view.error)}</p>` : ""}
${estimate}
${view.valuation ? `<a class="more" href="${escape(`${view.appOrigin}/signup?address=${encodeURIComponent(valued!)}`)}" target="_blank" rel="noopener">${escape(t("detailedReport"))}</a>` : ""}
${view.valuation && view.consent ? leadFormHtml({ siteKey: view.siteKey, address: valued!, page: view.parent ?? view.parentOrigin ?? "", consent: view.consent, dark, nonce: view.nonce, locale: view.locale, errors: view.errors ?? {} }) : ""}
</main>
${view.parentOrigin ? `<script nonce="${view.nonce}">(function(){var o=${JSON.stringify(view.parentOrigin)};function s(){parent.postMessage({type:"hdw:resize",height:Math.ceil(document.documentElement.scrollHeight)},o)}s();new ResizeObserver(s).observe(document.body)})();</script>` : ""}
</body></html>`;
}
