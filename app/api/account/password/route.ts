import { route } from "@/lib/api/route";
import { ChangePasswordBody } from "@/lib/api/schemas";
import { changePassword } from "@/lib/services/accounts";

// POST /api/account/password: change the password; the account's other sessions end
export const POST = route({ roles: ["homeowner", "loan_officer", "admin"], body: ChangePasswordBody }, async ({ user, body }) => {
  await changePassword(user, body.currentPassword, body.newPassword);
  return Response.json({ changed: true });
});
