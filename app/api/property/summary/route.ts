import { route } from "@/lib/api/route";
import { AddressQuery } from "@/lib/api/schemas";
import { propertySummary } from "@/lib/services/lookups";

// GET /api/property/summary?address=: the property's facts
export const GET = route({ roles: ["homeowner", "loan_officer", "admin"], query: AddressQuery }, async ({ caller, query }) =>
  Response.json(await propertySummary(caller, query.address)),
);
