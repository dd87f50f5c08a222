import { WebAuthnOptions } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { relyingParty } from "@/lib/auth/passkeys";
import { ROLES } from "@/lib/auth/roles";
import { passkeyStepUpOptions } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["pending"],
    summary: "Passkey options for giving your second factor with one of your passkeys",
    responses: { 200: WebAuthnOptions },
  },
  async ({ user, request }) => Response.json(await passkeyStepUpOptions(user, relyingParty(request.headers))),
);
