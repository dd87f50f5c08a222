import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { TokenIdParams } from "@/lib/api/schemas/tokens";
import { revokeApiToken } from "@/lib/services/identity/api-tokens";

export const DELETE = route(
  {
    roles: STAFF,
    stepUp: "api_token.revoke",
    params: TokenIdParams,
    summary: "Revoke an API token; it stops working at once (needs a second factor given in the last 10 minutes)",
    responses: { 204: null },
    errors: [404],
  },
  async ({ caller, params }) => {
    await revokeApiToken(caller, params.tokenId, "own");
    return new Response(null, { status: 204 });
  },
);
