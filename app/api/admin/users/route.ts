import { Account } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { CreateUserBody } from "@/lib/api/schemas";
import { createStaffAccount } from "@/lib/services/accounts";

// POST /api/admin/users: an admin creates a loan officer or another admin
export const POST = route(
  { roles: ["admin"], body: CreateUserBody, summary: "Create a loan officer or an admin", responses: { 201: Account }, errors: [409] },
  async ({ body }) => {
    const user = await createStaffAccount(body);
    return Response.json({ id: user.id, email: user.email, role: user.role }, { status: 201 });
  },
);
