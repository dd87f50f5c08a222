import { Claim, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { OwnerBody } from "@/lib/api/schemas/property";
import { claimHome } from "@/lib/services/homes/ownership";

// POST /api/owners: claim a home (the first, or another) for the signed-in homeowner (the deed must name them); proof
// comes after
export const POST = route(
  {
    roles: ["homeowner"],
    body: OwnerBody,
    summary:
      "Claim a home, the first or another: the deed must name the homeowner (422 otherwise); proof comes after (409: too many homes waiting)",
    responses: { 200: Claim, 201: Claim },
    errors: [...UPSTREAM_ERRORS, 409, 422],
  },
  async ({ caller, body }) => {
    const result = await claimHome(caller, body);
    return Response.json(result, { status: result.created ? 201 : 200 });
  },
);
