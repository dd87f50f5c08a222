import { Changed } from "@/lib/api/answers";
import { ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ChangePasswordBody } from "@/lib/api/schemas/account";
import { changePassword } from "@/lib/services/identity/accounts";

export const POST = route(
  {
    roles: ROLES,
    body: ChangePasswordBody,
    summary: "Change the password; the account's other sessions end",
    responses: { 200: Changed },
    errors: [429],
  },
  async ({ user, body }) => {
    await changePassword(user, body.currentPassword, body.newPassword);
    return Response.json({ changed: true });
  },
);
