import "server-only";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authOptions } from "./options";
import type { Role, SessionUser } from "./roles";
import { authSecret } from "./secret";
import { liveSessionUser } from "./sessions";
import { toSessionUser } from "./users";

/** The user behind a session, read again from the database, when the session is still live. */
async function liveUser(id: unknown, sid: unknown): Promise<SessionUser | undefined> {
  if (typeof id !== "number") return undefined;
  const row = await liveSessionUser(id, sid);
  return row && { ...toSessionUser(row), sessionId: sid as string };
}

/**
 * The signed-in user of a page, read again from the database on every request: a deleted account, a changed role or
 * an ended session takes effect at once, not when the session token expires.
 */
export async function currentUser(): Promise<SessionUser | undefined> {
  const session = await getServerSession(authOptions);
  const user = session?.user as { id?: number; sid?: string } | undefined;
  return liveUser(user?.id, user?.sid);
}

/** The signed-in user of an API request, from its session cookie or an `Authorization: Bearer` session token. */
export async function userFromRequest(request: Request): Promise<SessionUser | undefined> {
  const token = await getToken({ req: request as unknown as NextRequest, secret: authSecret() });
  return liveUser(token?.uid, token?.sid);
}

export function hasRole(user: SessionUser | undefined, roles: readonly Role[]): user is SessionUser {
  return !!user && roles.includes(user.role);
}
