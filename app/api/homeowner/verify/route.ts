import { UPSTREAM_ERRORS, VerificationDto } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { VerifyBody } from "@/lib/api/schemas/property";
import { verifyHomeowner } from "@/lib/services/lookups/lookups";

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "lookups",
    body: VerifyBody,
    summary: "How likely the applicant owns the address",
    responses: { 200: VerificationDto },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller, body }) => Response.json(await verifyHomeowner(caller, body)),
);
