import { Reauthenticated } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ReauthenticateBody } from "@/lib/api/schemas/account";
import { ROLES } from "@/lib/auth/roles";
import { reauthenticate } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["enrol"],
    body: ReauthenticateBody,
    summary:
      "Give your password again in this session: adding a first second factor asks for it within the step-up time",
    responses: { 200: Reauthenticated },
    errors: [429],
  },
  async ({ user, body, caller }) => {
    await reauthenticate(user, body.password, caller.ip);
    return Response.json({ reauthenticated: true });
  },
);
