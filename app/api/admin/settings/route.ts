import { Settings } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SettingsBody } from "@/lib/api/schemas/admin";
import { orgSettings, setOrgSettings } from "@/lib/services/platform/settings";

// GET, PUT /api/admin/settings: the organization's maximum loan-to-value, current rate and opportunity minimums
// (admins)
export const GET = route(
  {
    roles: ["admin"],
    summary: "The organization's maximum loan-to-value, current rate and opportunity minimums",
    responses: { 200: Settings },
  },
  async () => Response.json(await orgSettings()),
);

export const PUT = route(
  {
    roles: ["admin"],
    body: SettingsBody,
    summary: "Set any of the organization's settings (the next refresh's opportunities use them)",
    responses: { 200: Settings },
  },
  async ({ body }) => Response.json(await setOrgSettings(body)),
);
