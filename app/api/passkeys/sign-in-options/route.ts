import { WebAuthnOptions } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { authenticationOptions, relyingParty } from "@/lib/auth/passkeys";
import { limitPasskeyOptions } from "@/lib/services/identity/accounts";

export const POST = route(
  {
    roles: "public",
    summary: "Options for signing in with a passkey (discoverable: the browser offers the passkeys it holds)",
    responses: { 200: WebAuthnOptions },
    errors: [429],
  },
  async ({ caller, request }) => {
    await limitPasskeyOptions(caller.ip);
    return Response.json(await authenticationOptions(relyingParty(request.headers)), {
      headers: { "Cache-Control": "no-store" },
    });
  },
);
