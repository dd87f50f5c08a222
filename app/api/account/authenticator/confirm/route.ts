import { FactorAdded } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { FactorCodeBody } from "@/lib/api/schemas/account";
import { ROLES } from "@/lib/auth/roles";
import { confirmAuthenticator } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["enrol"],
    body: FactorCodeBody,
    summary:
      "Confirm the authenticator app with its current code; the first factor of an account comes with ten recovery codes",
    responses: { 200: FactorAdded },
  },
  async ({ user, body }) =>
    Response.json(await confirmAuthenticator(user, body.code), { headers: { "Cache-Control": "no-store" } }),
);
