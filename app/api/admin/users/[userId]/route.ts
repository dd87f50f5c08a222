import { RoleChanged } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { RoleBody, UserIdParams } from "@/lib/api/schemas/admin";
import { changeRole, deleteAccount } from "@/lib/services/identity/accounts";

export const PATCH = route(
  {
    roles: ["admin"],
    stepUp: "user.role",
    params: UserIdParams,
    body: RoleBody,
    summary: "Change a user's role; it applies to their very next request",
    responses: { 200: RoleChanged },
    errors: [404],
  },
  async ({ params, body, user }) => {
    await changeRole(user, params.userId, body.role);
    return Response.json({ id: params.userId, role: body.role });
  },
);

// DELETE /api/admin/users/:userId: delete an account; its sessions stop working at once (admins, after a recent second
// factor). A homeowner's goes as their own deletion does: the log erased of them, their mail gone, a notice sent.
export const DELETE = route(
  {
    roles: ["admin"],
    stepUp: "user.delete",
    params: UserIdParams,
    summary:
      "Delete an account (after a recent second factor); its sessions stop working at once, and a homeowner's details leave the activity log",
    responses: { 204: null },
    errors: [404],
  },
  async ({ params, user }) => {
    await deleteAccount(user, params.userId);
    return new Response(null, { status: 204 });
  },
);
