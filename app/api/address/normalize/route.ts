import { route } from "@/lib/api/route";
import { NormalizeBody } from "@/lib/api/schemas";
import { normalize } from "@/lib/services/lookups";

// POST /api/address/normalize: standardize up to 100 addresses (loan officers)
export const POST = route({ roles: ["loan_officer", "admin"], body: NormalizeBody }, async ({ caller, body }) =>
  Response.json({ addresses: await normalize(caller, body.requests) }),
);
