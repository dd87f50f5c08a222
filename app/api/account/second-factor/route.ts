import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { SecondFactorGiven } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { SecondFactorBody } from "@/lib/api/schemas/account";
import { relyingParty } from "@/lib/auth/passkeys";
import { ROLES } from "@/lib/auth/roles";
import { cookieOfSession, SESSION_COOKIE } from "@/lib/auth/sessions";
import { giveSecondFactor } from "@/lib/services/identity/security";

export const POST = route(
  {
    roles: ROLES,
    unfinished: ["pending"],
    body: SecondFactorBody,
    summary:
      "Give your second factor in this session: a code (app or recovery) or a passkey; finishes a sign-in, or allows sensitive actions for 10 minutes",
    responses: { 200: SecondFactorGiven },
    errors: [429],
  },
  async ({ user, body, caller, request }) => {
    // Only the app's own cookie is renewed (a bearer token or a partner's frame keeps its session).
    const ownCookie =
      request.headers
        .get("cookie")
        ?.split(/;\s*/)
        .some((pair) => pair.startsWith(`${SESSION_COOKIE}=`)) ?? false;
    const { kind, renewedSessionId } = await giveSecondFactor(
      user,
      { code: body.code, passkey: body.passkey as unknown as AuthenticationResponseJSON | undefined },
      { ip: caller.ip, rp: relyingParty(request.headers) },
      ownCookie,
    );
    const response = Response.json({ kind });
    if (renewedSessionId) response.headers.append("Set-Cookie", await cookieOfSession(user, renewedSessionId));
    return response;
  },
);
