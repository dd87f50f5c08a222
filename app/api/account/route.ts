import { Deleted } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { DeleteAccountBody } from "@/lib/api/schemas/account";
import { secureCookies } from "@/lib/auth/cookies";
import { PARTNER_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/sessions";
import { confirmDeletion, deleteHomeowner } from "@/lib/services/audit/privacy";

// DELETE /api/account: "Delete my account", with the password (or a recent second factor); homeowners only, staff
// accounts are removed by an admin
export const DELETE = route(
  {
    roles: ["homeowner"],
    body: DeleteAccountBody,
    summary:
      "Delete my account and what is mine; every session ends. Needs the password, or a second factor given in the last 10 minutes",
    responses: { 200: Deleted },
    errors: [429],
  },
  async ({ user, body }) => {
    await confirmDeletion(user, body.password);
    await deleteHomeowner(user.id, "request");
    const response = Response.json({ deleted: true });
    // The session is already worthless on the server; the browser forgets its cookie too (a partner's frame's as well).
    response.headers.append(
      "Set-Cookie",
      `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`,
    );
    if (PARTNER_SESSION_COOKIE !== SESSION_COOKIE)
      response.headers.append(
        "Set-Cookie",
        `${PARTNER_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned`,
      );
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
);
