import { EmailVerification } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { resendEmailVerification } from "@/lib/services/identity/email-verification";

export const POST = route(
  {
    roles: ROLES,
    summary: "Mail the link that proves your email again (three an hour); sent is false when it is already proved",
    responses: { 200: EmailVerification },
    errors: [429],
  },
  async ({ user }) => Response.json(await resendEmailVerification(user)),
);
