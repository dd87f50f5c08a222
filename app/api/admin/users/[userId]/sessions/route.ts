import { route } from "@/lib/api/route";
import { AppError } from "@/lib/services/errors";
import { signOutEverywhere } from "@/lib/services/accounts";

// DELETE /api/admin/users/:userId/sessions: sign a user out everywhere (admins), e.g. after a lost phone
export const DELETE = route({ roles: ["admin"] }, async ({ request }) => {
  const id = Number(new URL(request.url).pathname.split("/").at(-2));
  if (!Number.isInteger(id) || id <= 0) throw new AppError(400, "invalid_request", "userId must be a positive whole number", { userId: "must be a positive whole number" });
  return Response.json({ ended: await signOutEverywhere(id) });
});
