import { OfficerAssignment, OfficerAssignmentBody } from "@/lib/api/officer-answers";
import { route } from "@/lib/api/route";
import { UserIdParams } from "@/lib/api/schemas/admin";
import { reassignOfficer } from "@/lib/services/portfolio/officer-assignment";

export const PUT = route(
  {
    roles: ["admin"],
    // Where the homeowner's leads go: a stale session must not send them elsewhere.
    stepUp: "officer.assign",
    params: UserIdParams,
    body: OfficerAssignmentBody,
    summary: "Assign a homeowner's loan officer (null gives it back to invitation, portfolio, site and default)",
    responses: { 200: OfficerAssignment },
    errors: [404],
  },
  async ({ user, params, body }) => {
    const assignment = await reassignOfficer(user, params.userId, body.officerId);
    return Response.json({ officerId: assignment?.officerId ?? null, source: assignment?.source ?? null });
  },
);
