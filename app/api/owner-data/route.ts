import { route } from "@/lib/api/route";
import { AppError } from "@/lib/services/errors";
import { ownerData } from "@/lib/services/owners";

// GET /api/owner-data: the signed-in homeowner's properties (the owner id comes from the account, never the request)
export const GET = route({ roles: ["homeowner"] }, async ({ caller, user }) => {
  if (!user.ownerId) throw new AppError(404, "no_owner", "Create your owner record first: POST /api/owners.");
  return Response.json(await ownerData(caller, user.ownerId));
});
