import { route } from "@/lib/api/route";
import { EngagementBody } from "@/lib/api/schemas/property";
import { recordEngagement } from "@/lib/services/portfolio/engagement";

export const POST = route(
  {
    roles: ["homeowner"],
    body: EngagementBody,
    summary: "Record that the homeowner tried the borrowing scenarios",
    responses: { 204: null },
  },
  async ({ user, body }) => {
    await recordEngagement(user.id, body.kind);
    return new Response(null, { status: 204 });
  },
);
