import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { PasskeyAdded } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { PasskeyBody } from "@/lib/api/schemas/account";
import { relyingParty } from "@/lib/auth/passkeys";
import { ROLES } from "@/lib/auth/roles";
import { registerPasskey } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["enrol"],
    body: PasskeyBody,
    summary: "Add a passkey under a name; the first factor of an account comes with ten recovery codes",
    responses: { 201: PasskeyAdded },
  },
  async ({ user, body, request }) =>
    Response.json(
      await registerPasskey(
        user,
        body.name,
        body.response as unknown as RegistrationResponseJSON,
        relyingParty(request.headers),
      ),
      {
        status: 201,
        headers: { "Cache-Control": "no-store" },
      },
    ),
);
