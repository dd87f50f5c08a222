import { AddressCheckDto, NORMALIZE_ERRORS } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { AddressBody } from "@/lib/api/schemas/property";
import { ROLES } from "@/lib/auth/roles";
import { suggestAddress } from "@/lib/services/lookups/lookups";

// POST /api/address/suggest: the standardized form of one typed address ("Did you mean …?"), for any signed-in user
export const POST = route(
  {
    roles: ROLES,
    tokenScope: "lookups",
    body: AddressBody,
    summary: 'The standardized form of one typed address ("Did you mean …?") and whether the service has a home there',
    responses: { 200: AddressCheckDto },
    errors: NORMALIZE_ERRORS,
  },
  async ({ caller, body }) => Response.json(await suggestAddress(caller, body.address)),
);
