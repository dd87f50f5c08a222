import { route } from "@/lib/api/route";
import { EquityBody } from "@/lib/api/schemas";
import { equity } from "@/lib/services/lookups";

// POST /api/home-equity-summary: equity at a maximum LTV, the organization's by default
export const POST = route({ roles: ["homeowner", "loan_officer", "admin"], body: EquityBody }, async ({ caller, body }) =>
  Response.json(await equity(caller, body.address, body.maxLTV)),
);
