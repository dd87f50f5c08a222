import "server-only";
import { appOrigins } from "@/lib/env";
import { originOf } from "@/lib/security/origins";
import { findSite, type Site } from "@/lib/services/partners/sites";

/**
 * This app's own origin (the widget's frame calls its API from there): a configured one (a proxy may hand on another
 * Host, as nginx's `proxy_set_header Host $proxy_host` does), or the one the request reached.
 */
function ownOrigin(request: Request, origin: string): boolean {
  if (appOrigins.includes(origin)) return true;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The site a widget request names and the origin it may answer: one of the site's listed origins (its own page calls
 * the API), or this app's own when the frame says it sits on a listed origin (`page`; the frame is framed only by
 * those, its CSP's frame-ancestors). Undefined for anything else.
 */
export async function widgetOrigin(
  request: Request,
  key: string | null | undefined,
  page?: string | null,
): Promise<{ site: Site; origin: string } | undefined> {
  const origin = request.headers.get("origin");
  const site = key ? await findSite(key) : undefined;
  if (!site || !origin) return undefined;
  if (site.allowedOrigins.includes(origin)) return { site, origin };
  const framedOn = originOf(page);
  return ownOrigin(request, origin) && framedOn && site.allowedOrigins.includes(framedOn)
    ? { site, origin }
    : undefined;
}

/** CORS for an allowed origin of the widget's API. */
export function widgetCors(origin: string, methods = "POST"): HeadersInit {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": methods,
    "Access-Control-Allow-Headers": "Content-Type",
    Vary: "Origin",
  };
}
