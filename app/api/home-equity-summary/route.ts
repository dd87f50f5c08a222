import { EquityDto, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { EquityBody } from "@/lib/api/schemas/property";
import { equity } from "@/lib/services/lookups/lookups";

export const POST = route(
  {
    roles: ROLES,
    tokenScope: "lookups",
    body: EquityBody,
    summary: "Equity at a maximum loan-to-value, the organization's by default (homeowners: of their own proved home)",
    responses: { 200: EquityDto },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller, body }) => Response.json(await equity(caller, body.address, body.maxLTV)),
);
