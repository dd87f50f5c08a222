import { route } from "@/lib/api/route";
import { SettingsBody } from "@/lib/api/schemas";
import { orgMaxLtv, setOrgMaxLtv } from "@/lib/services/settings";

// GET, PUT /api/admin/settings: the organization's maximum loan-to-value (admins)
export const GET = route({ roles: ["admin"] }, async () => Response.json({ orgMaxLtv: await orgMaxLtv() }));

export const PUT = route({ roles: ["admin"], body: SettingsBody }, async ({ body }) => {
  await setOrgMaxLtv(body.orgMaxLtv);
  return Response.json({ orgMaxLtv: body.orgMaxLtv });
});
