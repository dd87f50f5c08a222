import { SignedIn } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ResetBody } from "@/lib/api/schemas/account";
import { signedIn } from "@/lib/api/sign-in";
import { resetPassword } from "@/lib/services/identity/accounts";

// POST /api/account/password-reset/confirm: a new password with the emailed link; every old session ends, this browser
// signs in
export const POST = route(
  {
    roles: "public",
    body: ResetBody,
    summary: "Set a new password with the emailed link; every session ends, this browser signs in",
    responses: { 200: SignedIn },
  },
  async ({ body }) => {
    const user = await resetPassword(body.token, body.password);
    return signedIn(user, { email: user.email }, "password_reset");
  },
);
