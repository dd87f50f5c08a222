import { ClientImport, NORMALIZE_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientImportBody } from "@/lib/api/schemas/clients";
import { importClients } from "@/lib/services/portfolio/clients";
import { queueFirstRefreshes } from "@/lib/services/portfolio/first-refresh";

// POST /api/clients/import: import past clients from CSV (up to 2,000 rows); row errors come back with field and
// reason, and the new clients' first refresh is queued at once (within the month's refresh budget and the officer's
// share of it)
export const POST = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    body: ClientImportBody,
    maxBodyBytes: 1_100_000,
    summary:
      "Import clients from CSV (up to 2,000 rows; each address standardized, duplicates merged, row errors listed); the first refresh of clients never refreshed is queued within the month's budget",
    responses: { 200: ClientImport },
    errors: NORMALIZE_ERRORS,
  },
  async ({ caller, body }) => {
    const { ids, ...result } = await importClients(caller, body.csv);
    return Response.json({ ...result, refreshing: await queueFirstRefreshes(caller.user.id, ids) });
  },
);
