import { EmailVerified } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { EmailVerificationBody } from "@/lib/api/schemas";
import { confirmEmail } from "@/lib/services/email-verification";

// POST /api/email-verification: the mailed link's token proves the account holds its email (once, for 24 hours)
export const POST = route(
  {
    roles: "public",
    body: EmailVerificationBody,
    summary: "Prove an account holds its email with the mailed link's token (once, for 24 hours)",
    responses: { 200: EmailVerified },
  },
  async ({ body }) => {
    await confirmEmail(body.token);
    return Response.json({ verified: true });
  },
);
