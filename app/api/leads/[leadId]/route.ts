import { Lead, LeadIdParams, LeadStatusBody } from "@/lib/api/schemas/leads";
import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { changeLeadStatus, readLead } from "@/lib/services/leads/leads";

export const GET = route(
  {
    roles: STAFF,
    tokenScope: "leads:read",
    params: LeadIdParams,
    summary: "One of your leads (admins: anyone's)",
    responses: { 200: Lead },
    errors: [404],
  },
  async ({ caller, params }) => Response.json(await readLead(caller, params.leadId)),
);

export const PATCH = route(
  {
    roles: STAFF,
    tokenScope: "leads:write",
    params: LeadIdParams,
    body: LeadStatusBody,
    summary: "Mark a lead contacted, won, lost or spam (new → contacted → won | lost | spam)",
    responses: { 200: Lead },
    errors: [404, 409],
  },
  async ({ caller, params, body }) => Response.json(await changeLeadStatus(caller, params.leadId, body.status)),
);
