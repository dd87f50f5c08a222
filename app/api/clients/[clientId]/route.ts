import { ClientRecord } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientIdParams } from "@/lib/api/schemas/clients";
import { readClientRecord } from "@/lib/services/portfolio/client-record";

// GET /api/clients/:id: 404 for another officer's client as for a missing one; a row of the activity log
export const GET = route(
  {
    roles: STAFF,
    tokenScope: "clients:read",
    params: ClientIdParams,
    summary:
      "One client: contact, loan, live opportunities, the home's figures at each refresh, what the homeowner did, their leads and your notes",
    responses: { 200: ClientRecord },
    errors: [404],
  },
  async ({ caller, params }) => Response.json(await readClientRecord(caller, params.clientId)),
);
