import { PropertyFacts, UPSTREAM_ERRORS } from "@/lib/api/answers";
import { ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { AddressQuery } from "@/lib/api/schemas/property";
import { propertySummary } from "@/lib/services/lookups/lookups";

export const GET = route(
  {
    roles: ROLES,
    tokenScope: "lookups",
    query: AddressQuery,
    summary: "The property's facts (homeowners: of their own home)",
    responses: { 200: PropertyFacts },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller, query }) => Response.json(await propertySummary(caller, query.address)),
);
