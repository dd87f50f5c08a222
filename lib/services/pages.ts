import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import type { Caller } from "./gateway";

/** The signed-in user of a page with one of the roles, or off to sign in (or home, for the wrong role). */
export async function requirePageUser(roles: readonly Role[], path: string): Promise<Caller & { user: SessionUser }> {
  const user = await currentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  if (!roles.includes(user.role)) notFound();
  const forwarded = (await headers()).get("x-forwarded-for");
  return { user, ip: forwarded?.split(",")[0]?.trim() || "local" };
}
