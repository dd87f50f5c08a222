import { ClientAdded, Clients, NORMALIZE_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientBody, ClientsQuery } from "@/lib/api/schemas/clients";
import { addClient } from "@/lib/services/portfolio/clients";
import { readClients } from "@/lib/services/audit/staff-reads";

// GET /api/clients: a page of the officer's past clients (everyone's for an admin) with their last refresh, searched
// and sorted; a row of the activity log, and more than 50 clients (or a page that takes the session past 500 records in
// 10 minutes) is an export (403 step_up_required without a recent factor)
export const GET = route(
  {
    roles: STAFF,
    tokenScope: "clients:read",
    query: ClientsQuery,
    summary:
      "A page of your clients (admins: everyone's), searched and sorted; more than 50, or a page past 500 records read by the session in 10 minutes, needs a second factor given in the last 10 minutes",
    responses: { 200: Clients },
  },
  async ({ caller, query }) => Response.json(await readClients(caller, query)),
);

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    body: ClientBody,
    summary: "Add a client (the same person at the same standardized address is updated, not added twice)",
    responses: { 200: ClientAdded, 201: ClientAdded },
    errors: NORMALIZE_ERRORS,
  },
  async ({ caller, body }) => {
    const added = await addClient(caller, body);
    return Response.json(added, { status: added.merged ? 200 : 201 });
  },
);
