import "server-only";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authOptions } from "./options";
import type { Role, SessionUser } from "./roles";
import { authSecret } from "./secret";
import { findUserById } from "./users";

/**
 * The signed-in user of a page, read again from the database on every request: a deleted account or a changed role
 * takes effect at once, not when the session token expires.
 */
export async function currentUser(): Promise<SessionUser | undefined> {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: number } | undefined)?.id;
  return typeof id === "number" ? findUserById(id) : undefined;
}

/** The signed-in user of an API request, from its session cookie or an `Authorization: Bearer` session token. */
export async function userFromRequest(request: Request): Promise<SessionUser | undefined> {
  const token = await getToken({ req: request as unknown as NextRequest, secret: authSecret() });
  return typeof token?.uid === "number" ? findUserById(token.uid) : undefined;
}

export function hasRole(user: SessionUser | undefined, roles: readonly Role[]): user is SessionUser {
  return !!user && roles.includes(user.role);
}
