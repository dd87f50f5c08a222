"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { signedOut } from "@/lib/api/sign-in";
import { currentUser } from "@/lib/auth/session";
import { endSession, SESSION_COOKIE } from "@/lib/auth/sessions";

/**
 * Signs out: the session ends on the server (a copy of the cookie is worthless from then on) and its cookie goes.
 * A server action, so the header's button needs no sign-in library in the browser; Next.js refuses actions posted
 * from other origins.
 */
export async function signOut(): Promise<never> {
  const user = await currentUser();
  if (user?.sessionId) {
    await endSession(user.sessionId);
    signedOut(user);
  }
  (await cookies()).delete(SESSION_COOKIE);
  redirect("/");
}
