import { WidgetOriginAnswer } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { WidgetChallengeQuery } from "@/lib/api/schemas/widget";
import { originOf } from "@/lib/security/origins";
import { findSite } from "@/lib/services/partners/sites";

// GET /api/widget/origin?key=: whether the page asking (its Origin, which the browser sets and a page cannot) may show
// the site's widget. The loader asks, so that a page the site does not list says why the widget is missing instead of
// showing an empty frame. The answer is one yes or no, the same for a key that does not exist: nothing the widget's
// own frame does not already tell (its CSP lists the site's origins), and no cookie is read or sent.
export const GET = route(
  {
    roles: "public",
    crossOrigin: true,
    query: WidgetChallengeQuery,
    summary:
      "Whether the calling page's origin is one the site key's widget may be embedded on (no sign-in; any origin may ask)",
    responses: { 200: WidgetOriginAnswer },
    headers: () => ({ "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store", Vary: "Origin" }),
  },
  async ({ request, query }) => {
    // A browser leaves Origin off a GET to the page's own origin (the app's own pages, as /embed/demo): that page's
    // origin is then its Referer's.
    const sameOrigin = request.headers.get("sec-fetch-site") === "same-origin";
    const origin = request.headers.get("origin") ?? (sameOrigin ? originOf(request.headers.get("referer")) : undefined);
    const site = await findSite(query.key);
    return Response.json({ allowed: Boolean(site && origin && site.allowedOrigins.includes(origin)) });
  },
);
