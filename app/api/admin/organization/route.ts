import { Organization } from "@/lib/api/officer-answers";
import { route } from "@/lib/api/route";
import { OrganizationInput } from "@/lib/services/portfolio/officer-fields";
import { organization, saveOrganization } from "@/lib/services/portfolio/organization";

// GET, PUT /api/admin/organization: the lender's name, NMLS ID, Equal Housing statement and default officer, which
// every officer's card carries (admins). Saving asks for a recent second factor, whatever changed: the default officer
// receives the leads no one else does, the name is the lender the widget's consent names, and the NMLS ID and Equal
// Housing words are the disclosures on every card; the form sends them all at once.
export const GET = route(
  { roles: ["admin"], summary: "The organization's details on every officer's card", responses: { 200: Organization } },
  async () => Response.json(await organization()),
);

export const PUT = route(
  {
    roles: ["admin"],
    stepUp: "organization.change",
    body: OrganizationInput,
    summary: "Save the organization's name, NMLS ID (digits), Equal Housing statement and default officer",
    responses: { 200: Organization },
  },
  async ({ user, body }) => Response.json(await saveOrganization(user, body)),
);
