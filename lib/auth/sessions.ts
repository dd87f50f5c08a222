import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDatabase } from "@/lib/db";
import { sessions, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { SessionUser } from "./roles";
import { ownerIdsColumn } from "./owner-ids";
import type { UserRow } from "./users";
import { authSecret } from "./secret";
import { userChanged } from "./session-cache";

/** A session ends after this long without a request (next-auth renews the token as it is used). */
export const SESSION_SECONDS = 8 * 60 * 60;
/** However much it is used, a session ends after this long: its row goes, and the next sign-in starts a new one. */
const SESSION_MAX_SECONDS = 30 * 86_400;

/** Session cookies are Secure (and carry the __Secure- prefix) when the app is served over https. */
export const secureCookies = env.NODE_ENV === "production" && !!env.NEXTAUTH_URL?.startsWith("https://");
export const SESSION_COOKIE = secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
/** A partner member's session, inside the partner's frame (partitioned, SameSite=None; see `sessionCookie`). */
export const PARTNER_SESSION_COOKIE = "next-auth.session-token";

/** Starts a session: its row is what makes the session token good (see `liveSessionUser`). */
export async function startSession(userId: number): Promise<string> {
  const { db } = await getDatabase();
  const id = randomBytes(18).toString("base64url");
  // The account's sessions that ran out go as a new one starts, so the table holds live sessions only.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + SESSION_MAX_SECONDS * 1000) });
  return id;
}

/**
 * The user behind a live session, in one query (every request asks): undefined when the session was ended, ran out,
 * or is not this user's, or the account is gone.
 */
export async function liveSessionUser(userId: number, sessionId: unknown): Promise<UserRow | undefined> {
  if (typeof sessionId !== "string") return undefined;
  const { db } = await getDatabase();
  const [row] = await db
    .select({ user: users, ownerIds: ownerIdsColumn })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return row && { ...row.user, ownerIds: row.ownerIds };
}

/** Ends one session (sign-out): its cookie is worthless from the next request on. */
export async function endSession(sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string") return;
  const { db } = await getDatabase();
  const [ended] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  if (ended) await userChanged(ended.userId);
}

/** Ends every session of an account, or every one but `keep` (a password change keeps the session that made it). */
export async function endAllSessions(userId: number, keep?: string): Promise<number> {
  const { db } = await getDatabase();
  const where = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  const ended = (await db.delete(sessions).where(where).returning({ id: sessions.id })).length;
  await userChanged(userId);
  return ended;
}

/**
 * A signed-in session made outside next-auth's sign-in form (an accepted invitation, a reset password, a partner's
 * member): the same JWT next-auth reads, with a live session row behind it. Returns the Set-Cookie value.
 */
export async function sessionCookie(
  user: SessionUser,
  options: { claims?: Record<string, unknown>; seconds?: number; partitioned?: boolean } = {},
): Promise<string> {
  const seconds = options.seconds ?? SESSION_SECONDS;
  const sid = await startSession(user.id);
  const token = await encode({ token: { uid: user.id, role: user.role, sid, ...options.claims }, secret: authSecret(), maxAge: seconds });
  // A partner's frame is another site: its cookie must be SameSite=None, Secure and partitioned.
  if (options.partitioned) return `${PARTNER_SESSION_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; Secure; SameSite=None; Partitioned`;
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`;
}
