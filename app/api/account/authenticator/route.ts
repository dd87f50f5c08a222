import { TotpSetup } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { removeAuthenticator, startAuthenticator } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["enrol"],
    summary:
      "Start setting up an authenticator app: a new secret as text and as a QR code, confirmed with a code from it",
    responses: { 200: TotpSetup },
  },
  async ({ user }) => Response.json(await startAuthenticator(user), { headers: { "Cache-Control": "no-store" } }),
);

export const DELETE = route(
  {
    roles: ROLES,
    stepUp: "factor.remove",
    summary: "Turn the authenticator app off (needs a second factor given in the last 10 minutes)",
    responses: { 204: null },
  },
  async ({ user }) => {
    await removeAuthenticator(user);
    return new Response(null, { status: 204 });
  },
);
