import "server-only";
import { deviceCookie } from "@/lib/auth/device";
import type { SessionUser } from "@/lib/auth/roles";
import { sessionCookie } from "@/lib/auth/sessions";

/** An answer that signs the person in: a new session, and a device cookie for this browser (see lib/auth/device.ts). */
export async function signedIn(user: SessionUser, body: unknown): Promise<Response> {
  const response = Response.json(body);
  response.headers.append("Set-Cookie", await sessionCookie(user));
  response.headers.append("Set-Cookie", deviceCookie(user.email));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
