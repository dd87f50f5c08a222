import { OfficerProfile } from "@/lib/api/officer-answers";
import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { OfficerProfileInput } from "@/lib/services/portfolio/officer-fields";
import { officerProfile, saveOfficerProfile } from "@/lib/services/portfolio/officers";

// GET, PUT /api/account/officer-profile: the card homeowners see of their loan officer (staff). The card shows once
// the NMLS ID is set; a blank field clears it.
export const GET = route(
  { roles: STAFF, summary: "Your loan officer card as homeowners see it", responses: { 200: OfficerProfile } },
  async ({ user }) => Response.json(await officerProfile(user.id)),
);

export const PUT = route(
  {
    roles: STAFF,
    body: OfficerProfileInput,
    summary: "Save your loan officer card: phone (E.164), email, https booking link, NMLS ID (digits)",
    responses: { 200: OfficerProfile },
  },
  async ({ user, body }) => Response.json(await saveOfficerProfile(user, body)),
);
