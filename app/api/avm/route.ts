import { UPSTREAM_ERRORS, ValuationDto } from "@/lib/api/answers";
import { ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { AddressBody } from "@/lib/api/schemas/property";
import { valuation } from "@/lib/services/lookups/lookups";

export const POST = route(
  {
    roles: ROLES,
    tokenScope: "lookups",
    body: AddressBody,
    summary: "The valuation estimate (homeowners: of their own home)",
    responses: { 200: ValuationDto },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller, body }) => Response.json(await valuation(caller, body.address)),
);
