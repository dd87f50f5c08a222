import { SiteCreated, Sites } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SiteBody } from "@/lib/api/schemas";
import { createSite, listSites } from "@/lib/services/sites";

// POST /api/admin/sites: register a site that embeds the widget; answers its key and, once, its secret (admins)
export const POST = route(
  { roles: ["admin"], body: SiteBody, summary: "Register a site that embeds the widget: its key and, once, its secret", responses: { 201: SiteCreated } },
  async ({ body }) => {
    const { siteKey, siteSecret } = await createSite(body);
    return Response.json({ siteKey, siteSecret }, { status: 201 });
  },
);

// GET /api/admin/sites: the registered sites, without their secrets
export const GET = route({ roles: ["admin"], summary: "The registered widget sites, without their secrets", responses: { 200: Sites } }, async () =>
  Response.json({
    sites: (await listSites()).map(({ id, name, siteKey, allowedOrigins, dailyBudget, createdAt }) => ({
      id,
      name,
      siteKey,
      allowedOrigins,
      dailyBudget,
      createdAt,
    })),
  }),
);
