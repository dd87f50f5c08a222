import { Invitation, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientIdParams } from "@/lib/api/schemas/clients";
import { inviteClient } from "@/lib/services/portfolio/portfolio";

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    params: ClientIdParams,
    summary: "Invite a client by email to their home's dashboard (the deed must name them)",
    responses: { 201: Invitation },
    errors: [...UPSTREAM_ERRORS, 422],
  },
  async ({ caller, params }) => Response.json(await inviteClient(caller, params.clientId), { status: 201 }),
);
