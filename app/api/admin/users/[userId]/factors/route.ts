import { route } from "@/lib/api/route";
import { UserIdParams } from "@/lib/api/schemas/admin";
import { resetFactorsOf } from "@/lib/services/identity/security";

export const DELETE = route(
  {
    roles: ["admin"],
    stepUp: "factor.reset",
    params: UserIdParams,
    summary:
      "Reset a person's second factors (they set one up at their next sign-in) and end their sessions; needs a recent second factor",
    responses: { 204: null },
    errors: [404],
  },
  async ({ user, params }) => {
    await resetFactorsOf(user, params.userId);
    return new Response(null, { status: 204 });
  },
);
