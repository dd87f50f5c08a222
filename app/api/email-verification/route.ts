import { EmailVerified } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { EmailVerificationBody } from "@/lib/api/schemas/account";
import { ROLES } from "@/lib/auth/roles";
import { confirmEmail } from "@/lib/services/identity/email-verification";

// POST /api/email-verification: the mailed link's token, in a session of its account, proves the account holds its
// email
export const POST = route(
  {
    roles: ROLES,
    body: EmailVerificationBody,
    summary:
      "Prove the signed-in account holds its email with the mailed link's token (once, for 24 hours; the link's account only)",
    responses: { 200: EmailVerified },
  },
  async ({ user, body }) => {
    await confirmEmail(user, body.token);
    return Response.json({ verified: true });
  },
);
