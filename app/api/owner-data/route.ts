import { OwnerData, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { auditOwnerRead } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { homeownerView } from "@/lib/services/homes/owners";

// GET /api/owner-data: the signed-in homeowner's homes: every one with equity once proved, the claimed one's public
// facts before
export const GET = route(
  {
    roles: ["homeowner"],
    summary: "The signed-in homeowner's homes (public facts only before proof)",
    responses: { 200: OwnerData },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller }) => {
    const view = await homeownerView(caller);
    if (!view.verified && !view.verification)
      throw new AppError({ code: "no_owner", message: "Add your home first: POST /api/owners." });
    auditOwnerRead(caller);
    return Response.json(view);
  },
);
