import { StaffAccount } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { CreateUserBody } from "@/lib/api/schemas/admin";
import { addStaffMember } from "@/lib/services/identity/accounts";

export const POST = route(
  {
    roles: ["admin"],
    body: CreateUserBody,
    summary: "Create a loan officer or an admin: with a password, or (invite) emailing them a link to choose their own",
    responses: { 201: StaffAccount },
    errors: [409, 429],
  },
  // CreateUserBody requires the password without invite.
  async ({ user, body: { invite, password, ...account } }) =>
    Response.json(await addStaffMember(user, invite ? { ...account, invite } : { ...account, password: password! }), {
      status: 201,
    }),
);
