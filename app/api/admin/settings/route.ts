import { Settings } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SettingsBody } from "@/lib/api/schemas";
import { orgMaxLtv, setOrgMaxLtv } from "@/lib/services/settings";

// GET, PUT /api/admin/settings: the organization's maximum loan-to-value (admins)
export const GET = route({ roles: ["admin"], summary: "The organization's maximum loan-to-value", responses: { 200: Settings } }, async () =>
  Response.json({ orgMaxLtv: await orgMaxLtv() }),
);

export const PUT = route(
  { roles: ["admin"], body: SettingsBody, summary: "Set the organization's maximum loan-to-value", responses: { 200: Settings } },
  async ({ body }) => {
    await setOrgMaxLtv(body.orgMaxLtv);
    return Response.json({ orgMaxLtv: body.orgMaxLtv });
  },
);
