import { route } from "@/lib/api/route";
import { AcceptInvitationBody } from "@/lib/api/schemas";
import { signedIn } from "@/lib/api/sign-in";
import { acceptInvitation } from "@/lib/services/invitations";

// POST /api/invitations/accept: the invitation's link, once: an account (or the existing one) signed in as the proved owner
export const POST = route({ roles: "public", body: AcceptInvitationBody }, async ({ body }) => {
  const user = await acceptInvitation(body.token, body.password);
  return signedIn(user, { email: user.email, verified: true });
});
