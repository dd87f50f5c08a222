import { HomeownerLeads } from "@/lib/api/schemas/leads";
import { route } from "@/lib/api/route";
import { homeownerLeads } from "@/lib/services/leads/leads";

export const GET = route(
  {
    roles: ["homeowner"],
    summary: "Your questions, call requests and quote requests, and where each stands",
    responses: { 200: HomeownerLeads },
  },
  async ({ caller }) => Response.json({ leads: await homeownerLeads(caller) }),
);
