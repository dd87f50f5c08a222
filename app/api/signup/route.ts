import { route } from "@/lib/api/route";
import { SignUpBody } from "@/lib/api/schemas";
import { createUser, EmailTakenError } from "@/lib/auth/users";
import { AppError } from "@/lib/services/errors";

// POST /api/signup: anyone may create a homeowner account
export const POST = route({ roles: "public", body: SignUpBody }, async ({ body }) => {
  try {
    const user = await createUser({ ...body, role: "homeowner" });
    return Response.json({ id: user.id, email: user.email, role: user.role }, { status: 201 });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new AppError(409, "email_taken", error.message, { email: "is already registered" });
    throw error;
  }
});
