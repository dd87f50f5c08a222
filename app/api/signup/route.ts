import { Account } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SignUpBody } from "@/lib/api/schemas";
import { signUp } from "@/lib/services/accounts";

// POST /api/signup: anyone may create a homeowner account (a few per hour from one address)
export const POST = route(
  {
    roles: "public",
    body: SignUpBody,
    summary: "Create a homeowner account (a few per hour from one address)",
    responses: { 201: Account },
    errors: [409, 429],
  },
  async ({ body, caller }) => {
    const user = await signUp(body, caller.ip);
    return Response.json({ id: user.id, email: user.email, role: user.role }, { status: 201 });
  },
);
