import { route } from "@/lib/api/route";
import { VerifyBody } from "@/lib/api/schemas";
import { verifyHomeowner } from "@/lib/services/lookups";

// POST /api/homeowner/verify: how likely the applicant owns the address (loan officers)
export const POST = route({ roles: ["loan_officer", "admin"], body: VerifyBody }, async ({ caller, body }) =>
  Response.json(await verifyHomeowner(caller, body)),
);
