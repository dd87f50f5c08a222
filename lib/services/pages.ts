import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";
import { isUnavailable } from "./errors";
import { visitorIp, type Caller } from "./gateway";

/**
 * The signed-in user of a page, if any. When the database cannot be reached the page fails with an error the error
 * page recognises (its digest), so the visitor reads that we are down, not that something unknown broke.
 */
export async function pageUser(): Promise<SessionUser | undefined> {
  try {
    return await currentUser();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    throw Object.assign(new Error("The database is not answering.", { cause: error }), { digest: UNAVAILABLE_DIGEST });
  }
}

/** The signed-in user of a page with one of the roles, or off to sign in (or home, for the wrong role). */
export async function requirePageUser(roles: readonly Role[], path: string): Promise<Caller & { user: SessionUser }> {
  const user = await pageUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  if (!roles.includes(user.role)) notFound();
  return { user, ip: await pageIp() };
}

/** The visitor's address for the per-IP limit of a page's calls. */
export async function pageIp(): Promise<string> {
  return visitorIp(await headers());
}
