import { UPSTREAM_ERRORS, WidgetLeadAccepted } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { WidgetLeadBody } from "@/lib/api/schemas/widget";
import { widgetCors, widgetOrigin } from "@/lib/api/widget-origin";
import { AppError } from "@/lib/services/errors";
import { createWidgetLead } from "@/lib/services/leads/widget";

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
};

// OPTIONS: the browser's preflight from a site's own page
export async function OPTIONS(request: Request) {
  const allowed = await widgetOrigin(request, new URL(request.url).searchParams.get("key"));
  return new Response(null, { status: 204, headers: allowed ? widgetCors(allowed.origin) : {} });
}

// POST /api/widget/leads: the widget visitor's "Get my full report". A lead for the site's officer and a report link
// by email. 202 whether a lead was made or the honeypot was filled (a bot learns nothing from the answer).
export const POST = route(
  {
    roles: "public",
    crossOrigin: true,
    body: WidgetLeadBody,
    summary:
      "A widget visitor asks for their full report: a lead for the site's officer, the report link by email (no sign-in; the site's listed origins, a solved challenge, limits per visitor, network and house each day; past the site's daily cap the lead is held for an admin's review)",
    responses: { 202: WidgetLeadAccepted },
    errors: [403, ...UPSTREAM_ERRORS],
    headers: async (request, { body }) => {
      const allowed = await widgetOrigin(
        request,
        field(body, "key") ?? new URL(request.url).searchParams.get("key"),
        field(body, "page"),
      );
      return allowed ? widgetCors(allowed.origin) : {};
    },
  },
  async ({ request, body, caller }) => {
    const allowed = await widgetOrigin(request, body.key, body.page);
    if (!allowed)
      throw new AppError({ code: "origin_not_allowed", message: "This site key may not be used from this origin." });
    // The consent and the report link's mail are in the language the frame showed: its challenge's, not this request's.
    await createWidgetLead(allowed.site, caller.ip, body);
    return Response.json({ accepted: true }, { status: 202 });
  },
);
