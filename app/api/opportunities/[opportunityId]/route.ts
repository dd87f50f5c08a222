import { OpportunityStatus } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { OpportunityIdParams, OpportunityStatusBody } from "@/lib/api/schemas";
import { setOpportunityStatus } from "@/lib/services/portfolio";

// PATCH /api/opportunities/:opportunityId: mark an opportunity contacted, dismissed, or open again
export const PATCH = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    params: OpportunityIdParams,
    body: OpportunityStatusBody,
    summary: "Mark an opportunity contacted or dismissed (or open again)",
    responses: { 200: OpportunityStatus },
    errors: [404, 409],
  },
  async ({ user, params, body }) => Response.json(await setOpportunityStatus(user, params.opportunityId, body.status)),
);
