import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDatabase } from "@/lib/db";
import { sessions, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { dbSelect, inSpan } from "@/lib/observability/trace";
import { isStaff, type Role, type SessionUser } from "./roles";
import { hasFactorColumn, hasSecondFactor } from "./factors";
import { ownerIdsColumn } from "./owner-ids";
import type { UserRow } from "./users";
import { secureCookies } from "./cookies";
import { authSecret } from "./secret";
import { userChanged } from "./session-cache";

/** A session ends after this long without a request (next-auth renews the token as it is used). */
export const SESSION_SECONDS = 8 * 60 * 60;
/** However much it is used, a session ends after this long: its row goes, and the next sign-in starts a new one. */
const SESSION_MAX_SECONDS = 30 * 86_400;
/** Staff sessions end after STAFF_IDLE_MINUTES without a request, and after this long in all. */
export const STAFF_SESSION_MAX_SECONDS = 12 * 3_600;
const staffIdleMs = () => env.STAFF_IDLE_MINUTES * 60_000;

/** When a session should end now: a staff session's idle and absolute limits; anyone else's is fixed at its start. */
export function staffExpiry(createdAt: number, now = Date.now()): number {
  return Math.min(createdAt + STAFF_SESSION_MAX_SECONDS * 1000, now + staffIdleMs());
}

export const SESSION_COOKIE = secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
/** A partner member's session, inside the partner's frame (partitioned, SameSite=None; see `sessionCookie`). */
export const PARTNER_SESSION_COOKIE = "next-auth.session-token";

/**
 * Starts a session: its row is what makes the session token good (see `liveSessionUser`). `secondFactor`: the person
 * gave a second factor to start it (a code, a passkey, or their identity provider's, when trusted). `proved`: the
 * person proved the account to start it (a password, a passkey, a sign-on, a password chosen through a mailed link),
 * which adding a factor soon after relies on; a partner's member proved nothing to this app. A session started without
 * the factor of an account that has one is held: it may only give the factor, whatever happens to the factors later.
 */
export async function startSession(
  userId: number,
  options: { role: Role; secondFactor: boolean; proved?: boolean },
): Promise<string> {
  const { db } = await getDatabase();
  const id = randomBytes(18).toString("base64url");
  const now = Date.now();
  // The account's sessions that ran out go as a new one starts, so the table holds live sessions only. A sign-in is the
  // account's use: disposal counts from it, and a warning of disposal no longer stands (lib/services/audit/privacy.ts).
  await Promise.all([
    db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date()))),
    db.update(users).set({ lastSignInAt: new Date(), retentionWarnedAt: null }).where(eq(users.id, userId)),
  ]);
  const expiresAt = new Date(isStaff(options.role) ? staffExpiry(now, now) : now + SESSION_MAX_SECONDS * 1000);
  const factorHeld = !options.secondFactor && (await hasSecondFactor(userId));
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt,
    secondFactorAt: options.secondFactor ? new Date(now) : null,
    factorHeld,
    passwordAt: options.proved === false ? null : new Date(now),
  });
  return id;
}

/** A live session's user, with what the session itself knows: when it started and ends, and its second factor. */
export type LiveSession = UserRow & {
  hasFactor: boolean;
  /** oidcCheckedAt: a single sign-on's session, when the provider last vouched for the person (see oidc-recheck.ts). */
  session: {
    createdAt: Date;
    expiresAt: Date;
    secondFactorAt: Date | null;
    factorHeld: boolean;
    passwordAt: Date | null;
    oidcCheckedAt: Date | null;
  };
};

/**
 * The user behind a live session, in one query (every request asks): undefined when the session was ended, ran out,
 * or is not this user's, or the account is gone.
 */
export async function liveSessionUser(userId: number, sessionId: unknown): Promise<LiveSession | undefined> {
  if (typeof sessionId !== "string") return undefined;
  const { db } = await getDatabase();
  const [row] = await inSpan("db session.user", { kind: "client", attributes: dbSelect("sessions") }, () =>
    db
      .select({
        user: users,
        ownerIds: ownerIdsColumn,
        hasFactor: hasFactorColumn,
        session: {
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          secondFactorAt: sessions.secondFactorAt,
          factorHeld: sessions.factorHeld,
          passwordAt: sessions.passwordAt,
          oidcCheckedAt: sessions.oidcCheckedAt,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()))),
  );
  return row && { ...row.user, ownerIds: row.ownerIds, hasFactor: row.hasFactor, session: row.session };
}

/**
 * Keeps a staff session alive while it is used: its end moves to STAFF_IDLE_MINUTES from now, never past 12 hours
 * from its start. Written when it has moved by more than a tenth of the idle time (a minute at most), not on every
 * request; a session whose role changed to or from staff takes the new limits here too.
 */
export async function touchSession(
  user: SessionUser & { sessionId: string },
  session: { createdAt: number; expiresAt: number },
): Promise<number> {
  const now = Date.now();
  const wanted = isStaff(user.role)
    ? staffExpiry(session.createdAt, now)
    : session.createdAt + SESSION_MAX_SECONDS * 1000;
  if (Math.abs(wanted - session.expiresAt) <= Math.min(60_000, staffIdleMs() / 10)) return session.expiresAt;
  const { db } = await getDatabase();
  await db
    .update(sessions)
    .set({ expiresAt: new Date(wanted) })
    .where(and(eq(sessions.id, user.sessionId), gt(sessions.expiresAt, new Date(now))));
  await userChanged(user.id);
  return wanted;
}

/** Records a second factor given in this session now (a sign-in's second step, an enrolment, a step-up). */
export async function markSecondFactor(userId: number, sessionId: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(sessions)
    .set({ secondFactorAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  await userChanged(userId);
}

/**
 * Forgets the second factor this session gave: staff who removed their account's last factor set one up before they do
 * anything else (their session is `enrol` from the next request), rather than work on for the rest of the session.
 */
export async function forgetSecondFactor(userId: number, sessionId: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(sessions)
    .set({ secondFactorAt: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  await userChanged(userId);
}

/** Records that this session proved the account's password again now (a re-authentication before adding a factor). */
export async function markPasswordGiven(userId: number, sessionId: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(sessions)
    .set({ passwordAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  await userChanged(userId);
}

/**
 * The session that finishes signing in with its second factor gets a new id (the old one ends): whoever planted or
 * read the cookie of the half-signed-in session holds nothing afterwards. Returns the new id, or undefined when the
 * session is gone.
 */
export async function renewSession(userId: number, sessionId: string): Promise<string | undefined> {
  const { db } = await getDatabase();
  const id = randomBytes(18).toString("base64url");
  const renewed = await db.transaction(async (tx) => {
    const [old] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning();
    if (!old) return undefined;
    await tx.insert(sessions).values({ ...old, id, secondFactorAt: new Date(), factorHeld: false });
    return id;
  });
  await userChanged(userId);
  return renewed;
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
  options: { claims?: Record<string, unknown>; seconds?: number; partitioned?: boolean; proved?: boolean } = {},
): Promise<string> {
  // No second factor was given here: an account that has one is asked for it before anything else (see session.ts).
  const sid = await startSession(user.id, { role: user.role, secondFactor: false, proved: options.proved ?? false });
  return cookieOfSession(user, sid, options);
}

/** The Set-Cookie value of a live session's token (a new session's, or a renewed one's). */
export async function cookieOfSession(
  user: Pick<SessionUser, "id" | "role" | "email">,
  sid: string,
  options: { claims?: Record<string, unknown>; seconds?: number; partitioned?: boolean } = {},
): Promise<string> {
  const seconds = options.seconds ?? SESSION_SECONDS;
  // The email as next-auth's own tokens carry it: its sign-out event logs who signed out.
  const token = await encode({
    token: { uid: user.id, role: user.role, sid, email: user.email, ...options.claims },
    secret: authSecret(),
    maxAge: seconds,
  });
  // A partner's frame is another site: its cookie must be SameSite=None, Secure and partitioned.
  if (options.partitioned)
    return `${PARTNER_SESSION_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; Secure; SameSite=None; Partitioned`;
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`;
}
