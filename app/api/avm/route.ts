import { route } from "@/lib/api/route";
import { AddressBody } from "@/lib/api/schemas";
import { valuation } from "@/lib/services/lookups";

// POST /api/avm: the valuation estimate (loan officers; homeowners for their own properties)
export const POST = route({ roles: ["homeowner", "loan_officer", "admin"], body: AddressBody }, async ({ caller, body }) =>
  Response.json(await valuation(caller, body.address)),
);
