import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ApiTokenCreated, ApiTokens, NewApiTokenBody } from "@/lib/api/schemas/tokens";
import { createApiToken, listApiTokens } from "@/lib/services/identity/api-tokens";

export const GET = route(
  {
    roles: STAFF,
    summary: "List your own API tokens with their scopes, expiry and last use",
    responses: { 200: ApiTokens },
  },
  async ({ user }) => Response.json({ tokens: await listApiTokens(user, "own") }),
);

// POST /api/account/tokens: a new API token (named, scoped, expiring within a year), shown in this answer only; asks
// for a second factor given in the last 10 minutes (403 step_up_required)
export const POST = route(
  {
    roles: STAFF,
    stepUp: "api_token.create",
    body: NewApiTokenBody,
    summary:
      "Create an API token; the token is in this answer only (needs a second factor given in the last 10 minutes)",
    responses: { 201: ApiTokenCreated },
  },
  async ({ caller, body }) => Response.json(await createApiToken(caller, body, "own"), { status: 201 }),
);
