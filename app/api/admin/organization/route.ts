import { Organization } from "@/lib/api/officer-answers";
import { route } from "@/lib/api/route";
import { OrganizationInput } from "@/lib/services/portfolio/officer-fields";
import { organization, saveOrganization } from "@/lib/services/portfolio/organization";

// GET, PUT /api/admin/organization: the lender's name, NMLS ID, Equal Housing statement and default officer, which
// every officer's card carries (admins)
export const GET = route(
  { roles: ["admin"], summary: "The organization's details on every officer's card", responses: { 200: Organization } },
  async () => Response.json(await organization()),
);

export const PUT = route(
  {
    roles: ["admin"],
    body: OrganizationInput,
    summary: "Save the organization's name, NMLS ID (digits), Equal Housing statement and default officer",
    responses: { 200: Organization },
  },
  async ({ user, body }) => Response.json(await saveOrganization(user, body)),
);
