import { UPSTREAM_ERRORS, WidgetValuation } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { visitorIp } from "@/lib/services/platform/gateway";
import { WidgetBody } from "@/lib/api/schemas/widget";
import { AppError } from "@/lib/services/errors";
import { findSite, widgetValuation } from "@/lib/services/partners/sites";

function cors(origin: string): HeadersInit {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "POST",
    "Access-Control-Allow-Headers": "Content-Type",
    Vary: "Origin",
  };
}

/** The site a request names (in its body, or `?key=` as the preflight does) and its origin, when the site lists it. */
async function allowed(request: Request, key: string | null | undefined) {
  const origin = request.headers.get("origin");
  const site = key ? await findSite(key) : undefined;
  return site && origin && site.allowedOrigins.includes(origin) ? { site, origin } : undefined;
}

// OPTIONS: the browser's preflight from a site's own page
export async function OPTIONS(request: Request) {
  const site = await allowed(request, new URL(request.url).searchParams.get("key"));
  return new Response(null, { status: 204, headers: site ? cors(site.origin) : {} });
}

// POST /api/widget/valuation: the branded valuation for a site's own page (no sign-in; origin, budget, per-IP limit).
// Every answer to a listed origin carries CORS, failures too (the site named by the body's `key`, or by `?key=` as
// the preflight has it when the body could not be read), so the site's page can read what went wrong.
export const POST = route(
  {
    roles: "public",
    crossOrigin: true,
    body: WidgetBody,
    summary:
      "The branded valuation for a registered site's own page (no sign-in; the site's listed origins only, its daily budget, 20 a minute per visitor)",
    responses: { 200: WidgetValuation },
    errors: [403, ...UPSTREAM_ERRORS],
    headers: async (request, { body }) => {
      const sent = (body as { key?: unknown } | undefined)?.key;
      const site = await allowed(
        request,
        typeof sent === "string" ? sent : new URL(request.url).searchParams.get("key"),
      );
      return site ? cors(site.origin) : {};
    },
  },
  async ({ request, body }) => {
    const site = await allowed(request, body.key);
    if (!site)
      throw new AppError({ code: "origin_not_allowed", message: "This site key may not be used from this origin." });
    return Response.json(await widgetValuation(site.site, visitorIp(request.headers), body.address));
  },
);
