import { route } from "@/lib/api/route";
import { AppError } from "@/lib/services/errors";
import { homeownerView } from "@/lib/services/owners";

// GET /api/owner-data: the signed-in homeowner's homes: every one with equity once proved, the claimed one's public facts before
export const GET = route({ roles: ["homeowner"] }, async ({ caller }) => {
  const view = await homeownerView(caller);
  if (!view.verified && !view.verification) throw new AppError(404, "no_owner", "Add your home first: POST /api/owners.");
  return Response.json(view);
});
