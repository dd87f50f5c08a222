import { route } from "@/lib/api/route";
import { SiteBody } from "@/lib/api/schemas";
import { createSite, listSites } from "@/lib/services/sites";

// POST /api/admin/sites: register a site that embeds the widget; answers its key and, once, its secret (admins)
export const POST = route({ roles: ["admin"], body: SiteBody }, async ({ body }) => {
  const { siteKey, siteSecret } = await createSite(body);
  return Response.json({ siteKey, siteSecret }, { status: 201 });
});

// GET /api/admin/sites: the registered sites, without their secrets
export const GET = route({ roles: ["admin"] }, async () =>
  Response.json({ sites: (await listSites()).map(({ id, name, siteKey, allowedOrigins, dailyBudget, createdAt }) => ({ id, name, siteKey, allowedOrigins, dailyBudget, createdAt })) }),
);
