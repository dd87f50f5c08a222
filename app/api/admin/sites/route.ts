import { SiteCreated, Sites } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SiteBody } from "@/lib/api/schemas/widget";
import { SiteOfficerBody } from "@/lib/api/officer-answers";
import { setSiteOfficer } from "@/lib/services/portfolio/officer-assignment";
import { createSite, listSites } from "@/lib/services/partners/sites";

export const POST = route(
  {
    roles: ["admin"],
    // The site's secret signs sign-in links to members' dashboards, and lasts: as for an API token, a recent factor.
    stepUp: "site.create",
    body: SiteBody,
    summary: "Register a site that embeds the widget: its key and, once, its secret",
    responses: { 201: SiteCreated },
  },
  async ({ body }) => {
    const { siteKey, siteSecret } = await createSite(body);
    return Response.json({ siteKey, siteSecret }, { status: 201 });
  },
);

export const GET = route(
  { roles: ["admin"], summary: "The registered widget sites, without their secrets", responses: { 200: Sites } },
  async () =>
    Response.json({
      sites: (await listSites()).map(({ id, name, siteKey, allowedOrigins, dailyBudget, officerId, createdAt }) => ({
        id,
        name,
        siteKey,
        allowedOrigins,
        dailyBudget,
        officerId,
        createdAt,
      })),
    }),
);

export const PATCH = route(
  {
    roles: ["admin"],
    // Where the site's leads go: a stale session must not send them elsewhere.
    stepUp: "site.officer",
    body: SiteOfficerBody,
    summary: "Set the loan officer of a widget site's visitors and members (null: none)",
    responses: { 204: null },
    errors: [404],
  },
  async ({ user, body }) => {
    await setSiteOfficer(user, body.siteId, body.officerId);
    return new Response(null, { status: 204 });
  },
);
