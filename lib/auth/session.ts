import "server-only";
import { decode, getToken, type JWT, type JWTDecodeParams } from "next-auth/jwt";
import { LRUCache } from "lru-cache";
import { cookies } from "next/headers";
import { cache } from "react";
import type { NextRequest } from "next/server";
import { secondFactorState, type SessionUser } from "./roles";
import { authSecret } from "./secret";
import { recheckSignOn, signOnRecheckDue } from "./oidc-recheck";
import { rememberedSessionUser } from "./session-cache";
import { liveSessionUser, PARTNER_SESSION_COOKIE, SESSION_COOKIE, touchSession } from "./sessions";
import { toSessionUser } from "./users";

/**
 * A session's user as remembered with it: when the session started and ends, for the staff's idle limit, and for a
 * single sign-on's, when the provider last vouched for the person.
 */
type RememberedUser = SessionUser & {
  sessionId: string;
  session: { createdAt: number; expiresAt: number; oidcCheckedAt?: number };
};

/** The user behind a session, when the session is still live: as the database has it now (see session-cache.ts). */
async function liveUser(id: unknown, sid: unknown): Promise<SessionUser | undefined> {
  if (typeof id !== "number" || typeof sid !== "string") return undefined;
  const remembered = (await rememberedSessionUser(id, sid, async (): Promise<RememberedUser | undefined> => {
    const row = await liveSessionUser(id, sid);
    if (!row) return undefined;
    const { secondFactorAt, createdAt, expiresAt, factorHeld, passwordAt, oidcCheckedAt } = row.session;
    return {
      ...toSessionUser(row),
      sessionId: sid,
      secondFactor: secondFactorState(row.role, row.hasFactor, secondFactorAt, factorHeld),
      ...(secondFactorAt ? { secondFactorAt: secondFactorAt.getTime() } : {}),
      ...(passwordAt ? { provedAt: passwordAt.getTime() } : {}),
      session: {
        createdAt: createdAt.getTime(),
        expiresAt: expiresAt.getTime(),
        ...(oidcCheckedAt ? { oidcCheckedAt: oidcCheckedAt.getTime() } : {}),
      },
    };
  })) as RememberedUser | undefined;
  if (!remembered) return undefined;
  const { session, ...user } = remembered;
  // A snapshot may outlive the session's end by a little: the end it carries is checked here, on every request.
  if (session.expiresAt <= Date.now()) return undefined;
  // A single sign-on's session asks the provider again once its re-check is due (see oidc-recheck.ts); a role the
  // provider's groups changed applies to this very request.
  if (session.oidcCheckedAt !== undefined && signOnRecheckDue(session.oidcCheckedAt)) {
    const outcome = await recheckSignOn(user.id, user.sessionId);
    if (outcome === "ended") return undefined;
    if (outcome === "changed") return liveUser(id, sid);
  }
  await touchSession(remembered, session);
  return user;
}

// Decrypting a session token derives its key (HKDF) and opens a JWE: a tenth of a cached answer's own work. A token's
// payload never changes, so the last few thousand are kept, each until it expires (the token's own `exp`).
const decoded = new LRUCache<string, JWT>({ max: 10_000 });

async function decodeSession(params: JWTDecodeParams): Promise<JWT | null> {
  const { token } = params;
  if (!token) return null;
  const known = decoded.get(token);
  if (known) return known;
  const payload = await decode(params);
  const untilExpiry = typeof payload?.exp === "number" ? payload.exp * 1000 - Date.now() : 0;
  if (payload && untilExpiry > 0) decoded.set(token, payload, { ttl: untilExpiry });
  return payload;
}

/**
 * The signed-in user of a page, as it is now: a deleted account, a changed role or an ended session takes effect at
 * once, not when the session token expires. Once per request however many parts of the page ask (React's cache).
 */
export const currentUser = cache(async (): Promise<SessionUser | undefined> => {
  // The session token read straight from its cookie (what getServerSession does, without building next-auth's whole
  // handler on every page): the app's own cookie, or a partner member's (see sessions.ts).
  const jar = await cookies();
  const raw = jar.get(SESSION_COOKIE)?.value ?? jar.get(PARTNER_SESSION_COOKIE)?.value;
  if (!raw) return undefined;
  const token = await decodeSession({ token: raw, secret: authSecret() }).catch(() => null);
  return liveUser(token?.uid, token?.sid);
});

/** The signed-in user of an API request, from its session cookie or an `Authorization: Bearer` session token. */
export async function userFromRequest(request: Request): Promise<SessionUser | undefined> {
  const token = await getToken({ req: request as unknown as NextRequest, secret: authSecret(), decode: decodeSession });
  return liveUser(token?.uid, token?.sid);
}
