import { WebAuthnOptions } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { relyingParty } from "@/lib/auth/passkeys";
import { ROLES } from "@/lib/auth/roles";
import { passkeyRegistration } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["enrol"],
    summary: "Options for adding a passkey to your account",
    responses: { 200: WebAuthnOptions },
  },
  async ({ user, request }) => Response.json(await passkeyRegistration(user, relyingParty(request.headers))),
);
