import { RecoveryCodes } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { regenerateRecoveryCodes } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    stepUp: "recovery_codes.new",
    summary: "Ten new recovery codes, shown this once; the old ones stop working (needs a recent second factor)",
    responses: { 200: RecoveryCodes },
    errors: [409],
  },
  async ({ user }) =>
    Response.json({ recoveryCodes: await regenerateRecoveryCodes(user) }, { headers: { "Cache-Control": "no-store" } }),
);
