import { StaffAccount } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { CreateUserBody } from "@/lib/api/schemas";
import { createStaffAccount, inviteStaff } from "@/lib/services/accounts";

// POST /api/admin/users: an admin creates a loan officer or another admin, with a password or by emailed invitation
export const POST = route(
  {
    roles: ["admin"],
    body: CreateUserBody,
    summary: "Create a loan officer or an admin: with a password, or (invite) emailing them a link to choose their own",
    responses: { 201: StaffAccount },
    errors: [409, 429],
  },
  async ({ user, body: { invite, password, ...account } }) => {
    if (invite) return Response.json(await inviteStaff(user, account), { status: 201 });
    // CreateUserBody requires the password without invite.
    const created = await createStaffAccount({ ...account, password: password! });
    return Response.json({ id: created.id, email: created.email, role: created.role }, { status: 201 });
  },
);
