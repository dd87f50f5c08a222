import { Lead, LeadIdParams } from "@/lib/api/schemas/leads";
import { route } from "@/lib/api/route";
import { releaseHeldLead } from "@/lib/services/leads/held-leads";

// POST /api/leads/:id/release: an admin lets a widget lead held past its site's daily cap through to its officer (their
// mail and the `lead.created` webhook go now); a row of the activity log
export const POST = route(
  {
    roles: ["admin"],
    params: LeadIdParams,
    summary: "Release a widget lead held for review: its officer is mailed and the CRM told, as for a new lead",
    responses: { 200: Lead },
    errors: [404, 409],
  },
  async ({ caller, params }) => Response.json(await releaseHeldLead(caller, params.leadId)),
);
