import { randomBytes } from "node:crypto";
import { WidgetQuery } from "@/lib/api/schemas";
import { holdPendingWrites } from "@/lib/api/pending-writes";
import { frameAncestors, originOf } from "@/lib/security/origins";
import { AppError } from "@/lib/services/errors";
import { visitorIp } from "@/lib/services/gateway";
import { findSite, widgetValuation } from "@/lib/services/sites";
import { consentWords, lenderName } from "@/lib/services/widget-leads";
import { widgetHtml } from "./widget-html";

function page(status: number, message: string, headers: HeadersInit = {}) {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home value</title></head><body><main><p role="alert">${message}</p></main></body></html>`,
    {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'", ...headers },
    },
  );
}

// GET /embed/valuation?key=…[&address=…][&accent=0f5132][&theme=light|dark]: the home-value widget, framed only by
// the site's own origins.
export async function GET(request: Request) {
  const url = new URL(request.url);
  const query = WidgetQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return page(400, `The widget's settings are wrong: ${query.error.issues[0]!.message}.`);
  const site = await findSite(query.data.key);
  if (!site) return page(404, "This widget's site key is not registered.");

  // Where the frame lives: what the loader says, or the Referer's origin on first load; used only as the exact target
  // of resize messages, and only when the site listed it.
  const parentOrigin = [originOf(query.data.parent), originOf(request.headers.get("referer"))].find((o) => o && site.allowedOrigins.includes(o));

  let valuation;
  let error: string | undefined;
  if (query.data.address) {
    // The valuation's meter row, when it was free, is written after the answer (see lib/services/meter.ts).
    holdPendingWrites();
    try {
      valuation = await widgetValuation(site, visitorIp(request.headers), query.data.address);
    } catch (caught) {
      if (!AppError.is(caught)) throw caught;
      if (caught.status === 429) return page(429, caught.message, { "Retry-After": String(caught.retryAfterSeconds ?? 60) });
      error = caught.status === 400 ? "Please enter a full address with street, city, state and ZIP code." : caught.message;
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
    consent: valuation ? consentWords(await lenderName()) : undefined,
    nonce,
    appOrigin: url.origin,
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": [
        "default-src 'none'",
        "object-src 'none'",
        "style-src 'unsafe-inline'",
        "img-src 'self'",
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
