import { OpportunityStatus } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { OpportunityIdParams, OpportunityStatusBody } from "@/lib/api/schemas/clients";
import { setOpportunityStatus } from "@/lib/services/portfolio/portfolio";

// PATCH /api/opportunities/:opportunityId: mark an opportunity contacted, dismissed (with a reason), or open again; a
// row of the activity log
export const PATCH = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    params: OpportunityIdParams,
    body: OpportunityStatusBody,
    summary:
      "Mark an opportunity contacted, dismissed with a reason (until its figures move past the thresholds), or open again",
    responses: { 200: OpportunityStatus },
    errors: [404, 409],
  },
  async ({ caller, params, body }) => Response.json(await setOpportunityStatus(caller, params.opportunityId, body)),
);
