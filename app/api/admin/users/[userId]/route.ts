import { z } from "zod";
import { route } from "@/lib/api/route";
import { deleteUser, setRole } from "@/lib/auth/users";
import { AppError } from "@/lib/services/errors";

const RoleBody = z.object({ role: z.enum(["homeowner", "loan_officer", "admin"], { error: "role must be homeowner, loan_officer or admin" }) });

function userId(request: Request): number {
  const id = Number(new URL(request.url).pathname.split("/").at(-1));
  if (!Number.isInteger(id) || id <= 0) throw new AppError(400, "invalid_request", "userId must be a positive whole number", { userId: "must be a positive whole number" });
  return id;
}

// PATCH /api/admin/users/:userId: change a user's role; it applies to their very next request (admins)
export const PATCH = route({ roles: ["admin"], body: RoleBody }, async ({ request, body, user }) => {
  const id = userId(request);
  if (id === user.id) throw new AppError(400, "invalid_request", "You cannot change your own role.", { userId: "is your own account" });
  if (!(await setRole(id, body.role))) throw new AppError(404, "not_found", "No user has that id.");
  return Response.json({ id, role: body.role });
});

// DELETE /api/admin/users/:userId: delete an account; its sessions stop working at once (admins)
export const DELETE = route({ roles: ["admin"] }, async ({ request, user }) => {
  const id = userId(request);
  if (id === user.id) throw new AppError(400, "invalid_request", "You cannot delete your own account.", { userId: "is your own account" });
  if (!(await deleteUser(id))) throw new AppError(404, "not_found", "No user has that id.");
  return new Response(null, { status: 204 });
});
