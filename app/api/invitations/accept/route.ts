import { SignedIn } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { AcceptInvitationBody } from "@/lib/api/schemas/account";
import { signedIn } from "@/lib/api/sign-in";
import { acceptInvitation } from "@/lib/services/identity/invitations";

// POST /api/invitations/accept: the invitation's link, once: an account (or the existing one) signed in as the proved
// owner
export const POST = route(
  {
    roles: "public",
    body: AcceptInvitationBody,
    summary: "Accept an invitation once: signs in as the proved owner",
    responses: { 200: SignedIn },
    errors: [404, 409, 410],
  },
  async ({ body }) => {
    const user = await acceptInvitation(body.token, body.password);
    return signedIn(user, { email: user.email, verified: true }, "invitation");
  },
);
