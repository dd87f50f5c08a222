import "server-only";
import { deviceCookie } from "@/lib/auth/device";
import type { SessionUser } from "@/lib/auth/roles";
import { sessionCookie } from "@/lib/auth/sessions";
import { audit } from "@/lib/services/audit/log";

/**
 * An answer that signs the person in: a new session, and a device cookie for this browser (see lib/auth/device.ts).
 * `method` names the way in for the activity log (an invitation's link, a password reset's).
 */
export async function signedIn(
  user: SessionUser,
  body: unknown,
  method: "invitation" | "password_reset",
): Promise<Response> {
  void audit({ action: "signin", actor: user, detail: { method, secondFactor: false } });
  const response = Response.json(body);
  // The person just chose a password through a link mailed to them: the session proved the account.
  response.headers.append("Set-Cookie", await sessionCookie(user, { proved: true }));
  response.headers.append("Set-Cookie", deviceCookie(user.email));
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * The header's sign-out (a server action): the session ended by the person, for the activity log like next-auth's own.
 */
export function signedOut(user: SessionUser): void {
  void audit({ action: "signout", actor: user, detail: { method: "header" } });
}
