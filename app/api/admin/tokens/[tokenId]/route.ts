import { route } from "@/lib/api/route";
import { TokenIdParams } from "@/lib/api/schemas/tokens";
import { revokeApiToken } from "@/lib/services/identity/api-tokens";

export const DELETE = route(
  {
    roles: ["admin"],
    stepUp: "api_token.revoke",
    params: TokenIdParams,
    summary: "Revoke an API token; it stops working at once (needs a second factor given in the last 10 minutes)",
    responses: { 204: null },
    errors: [404],
  },
  async ({ caller, params }) => {
    await revokeApiToken(caller, params.tokenId, "organization");
    return new Response(null, { status: 204 });
  },
);
