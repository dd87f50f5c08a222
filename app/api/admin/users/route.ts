import { route } from "@/lib/api/route";
import { CreateUserBody } from "@/lib/api/schemas";
import { createUser, EmailTakenError } from "@/lib/auth/users";
import { AppError } from "@/lib/services/errors";

// POST /api/admin/users: an admin creates a loan officer or another admin
export const POST = route({ roles: ["admin"], body: CreateUserBody }, async ({ body }) => {
  try {
    const user = await createUser(body);
    return Response.json({ id: user.id, email: user.email, role: user.role }, { status: 201 });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new AppError(409, "email_taken", error.message, { email: "is already registered" });
    throw error;
  }
});
