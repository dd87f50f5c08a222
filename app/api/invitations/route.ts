import { Invitation, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { InviteBody } from "@/lib/api/schemas/clients";
import { invite } from "@/lib/services/identity/invitations";

export const POST = route(
  {
    roles: STAFF,
    body: InviteBody,
    summary: "Invite a client by email to their home (the deed must name them)",
    responses: { 201: Invitation },
    errors: [...UPSTREAM_ERRORS, 422],
  },
  async ({ caller, body }) => Response.json(await invite(caller, body), { status: 201 }),
);
