import { z } from "zod";
import { route } from "@/lib/api/route";
import { Address } from "@/lib/api/schemas";
import { suggestAddress } from "@/lib/services/lookups";

// POST /api/address/suggest: the standardized form of one typed address ("Did you mean …?"), for any signed-in user
export const POST = route({ roles: ["homeowner", "loan_officer", "admin"], body: z.object({ address: Address }) }, async ({ caller, body }) =>
  Response.json(await suggestAddress(caller, body.address)),
);
