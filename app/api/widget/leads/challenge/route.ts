import { WidgetLeadChallenge } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { WidgetChallengeQuery } from "@/lib/api/schemas/widget";
import { widgetCors, widgetOrigin } from "@/lib/api/widget-origin";
import { AppError } from "@/lib/services/errors";
import { findSite } from "@/lib/services/partners/sites";
import { issueLeadChallenge } from "@/lib/services/leads/widget-challenge";
import { widgetLocale } from "@/app/embed/valuation/locale";

const PAGE = (request: Request) => new URL(request.url).searchParams.get("page");

// GET /api/widget/leads/challenge?key=[&page=][&lang=]: a proof-of-work challenge for the widget's report form, carrying
// the language the frame shows (the lead's consent and mail are in it). The frame asks from this app's own origin (a
// same-origin GET carries no Origin); another origin must be one the site lists.
export const GET = route(
  {
    roles: "public",
    crossOrigin: true,
    query: WidgetChallengeQuery,
    summary:
      "A signed, single-use proof-of-work challenge for the widget's report form (no sign-in; the site's listed origins only)",
    responses: { 200: WidgetLeadChallenge },
    errors: [403],
    headers: async (request) => {
      const allowed = await widgetOrigin(request, new URL(request.url).searchParams.get("key"), PAGE(request));
      return allowed ? widgetCors(allowed.origin, "GET") : {};
    },
  },
  async ({ request, query }) => {
    const site = await findSite(query.key);
    const origin = request.headers.get("origin");
    if (!site || (origin && !(await widgetOrigin(request, query.key, PAGE(request))))) {
      throw new AppError({ code: "origin_not_allowed", message: "This site key may not be used from this origin." });
    }
    return Response.json(issueLeadChallenge(site.siteKey, Date.now(), widgetLocale(request)), {
      headers: { "Cache-Control": "no-store" },
    });
  },
);
