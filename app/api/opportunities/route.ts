import { Opportunities } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { OpportunitiesQuery } from "@/lib/api/schemas/clients";
import { readOpportunities } from "@/lib/services/audit/staff-reads";

// GET /api/opportunities: your clients' opportunities, the most money first (open, contacted and dismissed by default);
// a row of the activity log, and more than 50 clients' opportunities is an export (403 step_up_required without a
// recent factor)
export const GET = route(
  {
    roles: STAFF,
    tokenScope: "clients:read",
    query: OpportunitiesQuery,
    summary:
      "List your clients' opportunities, the most available money first, by kind and status; more than 50 clients' needs a second factor given in the last 10 minutes",
    responses: { 200: Opportunities },
  },
  async ({ caller, query }) => Response.json({ opportunities: await readOpportunities(caller, query) }),
);
