import { Account } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SignUpBody } from "@/lib/api/schemas/account";
import { signUp } from "@/lib/services/identity/accounts";
import { localeOfRequest } from "@/lib/i18n/server";

export const POST = route(
  {
    roles: "public",
    body: SignUpBody,
    summary: "Create a homeowner account (a few per hour from one address)",
    responses: { 201: Account },
    errors: [409, 429],
  },
  async ({ body, caller, request }) => {
    // The new account keeps the language its sign-up page was read in: its mail (the email confirmation first) follows
    // it.
    const user = await signUp({ ...body, locale: localeOfRequest(request) }, caller.ip);
    return Response.json({ id: user.id, email: user.email, role: user.role }, { status: 201 });
  },
);
