import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { visitorIp, type Caller } from "./gateway";

/** The signed-in user of a page with one of the roles, or off to sign in (or home, for the wrong role). */
export async function requirePageUser(roles: readonly Role[], path: string): Promise<Caller & { user: SessionUser }> {
  const user = await currentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  if (!roles.includes(user.role)) notFound();
  return { user, ip: await pageIp() };
}

/** The visitor's address for the per-IP limit of a page's calls. */
export async function pageIp(): Promise<string> {
  return visitorIp(await headers());
}
