import { after } from "next/server";
import { Message } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ResetRequestBody } from "@/lib/api/schemas/account";
import { requestPasswordReset } from "@/lib/services/identity/accounts";

export const POST = route(
  {
    roles: "public",
    body: ResetRequestBody,
    summary: "Email a reset link (the answer is the same whether or not the email has an account)",
    responses: { 202: Message },
    errors: [429],
  },
  async ({ body, caller }) => {
    // The mail goes out beside the answer (its time must not tell whether the email has an account); a stopping server
    // waits for it.
    const { mailed } = await requestPasswordReset(body.email, caller.ip);
    after(() => mailed);
    return Response.json(
      {
        message: "If an account uses this email, a link to reset its password is on its way. It works for 30 minutes.",
      },
      { status: 202 },
    );
  },
);
