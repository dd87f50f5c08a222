import { Addresses, NORMALIZE_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { NormalizeBody } from "@/lib/api/schemas/property";
import { audit } from "@/lib/services/audit/log";
import { normalizeAddresses } from "@/lib/services/homes/properties";

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "lookups",
    body: NormalizeBody,
    summary: "Standardize up to 100 addresses",
    responses: { 200: Addresses },
    errors: NORMALIZE_ERRORS,
  },
  async ({ caller, body }) => {
    const addresses = await normalizeAddresses(caller, body.requests);
    // One event per batch, with its size and how many were read as addresses.
    void audit({
      action: "lookup.batch",
      detail: { count: addresses.length, ok: addresses.filter((a) => a.ok).length },
    });
    return Response.json({ addresses });
  },
);
