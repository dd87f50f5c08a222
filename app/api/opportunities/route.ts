import { Opportunities } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { OpportunitiesQuery } from "@/lib/api/schemas";
import { listOpportunities } from "@/lib/services/portfolio";

// GET /api/opportunities: your clients' opportunities, the most money first (open, contacted and dismissed by default)
export const GET = route(
  {
    roles: STAFF,
    query: OpportunitiesQuery,
    summary: "List your clients' opportunities, the most available money first, by kind and status",
    responses: { 200: Opportunities },
  },
  async ({ user, query }) => Response.json({ opportunities: await listOpportunities(user, query) }),
);
