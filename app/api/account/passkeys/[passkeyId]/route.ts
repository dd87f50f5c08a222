import { Changed } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { PasskeyParams, PasskeyRenameBody } from "@/lib/api/schemas/account";
import { ROLES } from "@/lib/auth/roles";
import { removePasskeyOf, renamePasskeyOf } from "@/lib/services/identity/security";

export const PATCH = route(
  {
    roles: ROLES,
    params: PasskeyParams,
    body: PasskeyRenameBody,
    summary: "Rename one of your passkeys",
    responses: { 200: Changed },
    errors: [404],
  },
  async ({ user, params, body }) => {
    await renamePasskeyOf(user, params.passkeyId, body.name);
    return Response.json({ changed: true });
  },
);

export const DELETE = route(
  {
    roles: ROLES,
    stepUp: "factor.remove",
    params: PasskeyParams,
    summary: "Remove one of your passkeys (needs a recent second factor)",
    responses: { 204: null },
    errors: [404],
  },
  async ({ user, params }) => {
    await removePasskeyOf(user, params.passkeyId);
    return new Response(null, { status: 204 });
  },
);
