import { clientIp, errorResponse, route } from "@/lib/api/route";
import { WidgetBody } from "@/lib/api/schemas";
import { AppError } from "@/lib/services/errors";
import { findSite, widgetValuation } from "@/lib/services/sites";

function cors(origin: string): HeadersInit {
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type", Vary: "Origin" };
}

/** The caller's origin must be one the site registered; answers carry CORS headers for exactly that origin. */
async function allowedSite(request: Request, key: string) {
  const origin = request.headers.get("origin");
  const site = await findSite(key);
  if (!site || !origin || !site.allowedOrigins.includes(origin)) {
    throw new AppError(403, "origin_not_allowed", "This site key may not be used from this origin.");
  }
  return { site, origin };
}

// OPTIONS: the browser's preflight from a site's own page
export async function OPTIONS(request: Request) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const origin = request.headers.get("origin") ?? "";
  const site = key ? await findSite(key) : undefined;
  if (site?.allowedOrigins.includes(origin)) return new Response(null, { status: 204, headers: cors(origin) });
  return new Response(null, { status: 204 });
}

// POST /api/widget/valuation: the branded valuation for a site's own page (no sign-in; origin, budget, per-IP limit)
export const POST = route({ roles: "public", crossOrigin: true, body: WidgetBody }, async ({ request, body }) => {
  const { site, origin } = await allowedSite(request, body.key);
  try {
    return Response.json(await widgetValuation(site, clientIp(request), body.address), { headers: cors(origin) });
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const response = errorResponse(error);
    for (const [name, value] of Object.entries(cors(origin))) response.headers.set(name, value);
    return response;
  }
});
