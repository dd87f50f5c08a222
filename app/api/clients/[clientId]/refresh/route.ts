import { ClientRefreshed, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientIdParams } from "@/lib/api/schemas/clients";
import { refreshClient } from "@/lib/services/portfolio/portfolio";

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    params: ClientIdParams,
    summary: "Refresh one client's value and equity (one billable call unless cached) and their opportunities",
    responses: { 200: ClientRefreshed },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller, params }) => Response.json(await refreshClient(caller, params.clientId)),
);
