import { Addresses, NORMALIZE_ERRORS } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { NormalizeBody } from "@/lib/api/schemas";
import { normalizeAddresses } from "@/lib/services/properties";

// POST /api/address/normalize: standardize up to 100 addresses (loan officers)
export const POST = route(
  { roles: STAFF, body: NormalizeBody, summary: "Standardize up to 100 addresses", responses: { 200: Addresses }, errors: NORMALIZE_ERRORS },
  async ({ caller, body }) => Response.json({ addresses: await normalizeAddresses(caller, body.requests) }),
);
