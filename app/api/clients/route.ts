import { ClientAdded, Clients, NORMALIZE_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientBody, ClientsQuery } from "@/lib/api/schemas";
import { addClient, pageOfClients } from "@/lib/services/clients";

// GET /api/clients: a page of the officer's past clients (everyone's for an admin) with their last refresh, searched and sorted
export const GET = route(
  { roles: STAFF, query: ClientsQuery, summary: "A page of your clients (admins: everyone's), searched and sorted", responses: { 200: Clients } },
  async ({ user, query }) => Response.json(await pageOfClients(user, query)),
);

// POST /api/clients: add one client by hand, the address standardized; the same person at the same address merges
export const POST = route(
  {
    roles: STAFF,
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
