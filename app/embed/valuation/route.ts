import { randomBytes } from "node:crypto";
import { WidgetQuery } from "@/lib/api/schemas/widget";
import { holdPendingWrites } from "@/lib/api/pending-writes";
import type { Locale } from "@/lib/i18n/locales";
import { appOrigin } from "@/lib/env";
import { CATALOGUES, translator } from "@/lib/i18n/messages";
import { frameAncestors, originOf } from "@/lib/security/origins";
import { AppError } from "@/lib/services/errors";
import { visitorIp } from "@/lib/services/platform/gateway";
import { findSite, widgetValuation } from "@/lib/services/partners/sites";
import { consentWords, lenderName } from "@/lib/services/leads/widget";
import { widgetLocale } from "./locale";
import { widgetHtml } from "./widget-html";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(locale: Locale, status: number, message: string, headers: HeadersInit = {}) {
  const t = translator(locale, "Widget");
  return new Response(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escape(t("pageTitle"))}</title></head><body><main><p role="alert">${escape(message)}</p></main></body></html>`,
    {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        ...headers,
      },
    },
  );
}

/** Every failure's words in a language (the Errors namespace), by `error.code`. */
const errorTable = (locale: Locale): Record<string, string> => ({
  ...(CATALOGUES[locale].Errors as Record<string, string>),
});

/** A failure's words in the visitor's language: the catalogue's for its code, else the server's. */
const errorWords = (locale: Locale, code: string, message: string) => errorTable(locale)[code] ?? message;

// GET /embed/valuation?key=…[&address=…][&accent=0f5132][&theme=light|dark][&lang=es|en]: the home-value widget, framed
// only by the site's own origins, in the language `lang` names (else the visitor's browser's).
export async function GET(request: Request) {
  const url = new URL(request.url);
  const locale = widgetLocale(request);
  const t = translator(locale, "Widget");
  const query = WidgetQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return page(locale, 400, t("badSettings", { problem: query.error.issues[0]!.message }));
  const site = await findSite(query.data.key);
  if (!site) return page(locale, 404, t("unknownKey"));

  // Where the frame lives: what the loader says, or the Referer's origin on first load; used only as the exact target
  // of resize messages, and only when the site listed it.
  const parentOrigin = [originOf(query.data.parent), originOf(request.headers.get("referer"))].find(
    (o) => o && site.allowedOrigins.includes(o),
  );

  let valuation;
  let error: string | undefined;
  if (query.data.address) {
    // The valuation's meter row, when it was free, is written after the answer (see lib/services/platform/meter.ts).
    holdPendingWrites();
    try {
      valuation = await widgetValuation(site, visitorIp(request.headers), query.data.address);
    } catch (caught) {
      if (!AppError.is(caught)) throw caught;
      const words = errorWords(locale, caught.code, caught.message);
      if (caught.status === 429) return page(locale, 429, words, { "Retry-After": String(caught.retryAfter ?? 60) });
      error = caught.status === 400 ? t("fullAddress") : words;
    }
  }
  const nonce = randomBytes(16).toString("base64");
  const html = widgetHtml({
    siteKey: site.siteKey,
    theme: query.data.theme,
    accent: query.data.accent ?? "#0f5132",
    parentOrigin,
    parent: query.data.parent,
    address: query.data.address,
    valuation,
    error,
    consent: valuation ? consentWords(await lenderName(locale), locale) : undefined,
    nonce,
    // The public origin (NEXTAUTH_URL), never the request's: behind HOSTNAME=0.0.0.0 that is the bind address.
    appOrigin,
    locale,
    errors: errorTable(locale),
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": [
        "default-src 'none'",
        "object-src 'none'",
        "style-src 'unsafe-inline'",
        // The provider's logo, by its absolute address on the public origin ('self' is the request's, which a proxy may
        // not share).
        `img-src 'self' ${appOrigin}`,
        `script-src 'nonce-${nonce}'`,
        "form-action 'self'",
        // The report form asks for its challenge and sends the lead to this app's own API.
        "connect-src 'self'",
        "base-uri 'none'",
        `frame-ancestors ${frameAncestors(site.allowedOrigins)}`,
      ].join("; "),
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
