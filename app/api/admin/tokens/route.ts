import { route } from "@/lib/api/route";
import { ApiTokenCreated, ApiTokens, NewApiTokenBody } from "@/lib/api/schemas/tokens";
import { createApiToken, listApiTokens } from "@/lib/services/identity/api-tokens";

// GET /api/admin/tokens: the organization's API tokens (everyone's; admins), newest first, with their last use (never
// the token itself)
export const GET = route(
  {
    roles: ["admin"],
    summary: "List the organization's API tokens (everyone's) with their scopes, expiry and last use",
    responses: { 200: ApiTokens },
  },
  async ({ user }) => Response.json({ tokens: await listApiTokens(user, "organization") }),
);

// POST /api/admin/tokens: a new API token (named, scoped, expiring within a year), shown in this answer only; asks for
// a second factor given in the last 10 minutes (403 step_up_required)
export const POST = route(
  {
    roles: ["admin"],
    stepUp: "api_token.create",
    body: NewApiTokenBody,
    summary:
      "Create an API token; the token is in this answer only (needs a second factor given in the last 10 minutes)",
    responses: { 201: ApiTokenCreated },
  },
  async ({ caller, body }) => Response.json(await createApiToken(caller, body, "organization"), { status: 201 }),
);
