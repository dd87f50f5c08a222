import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { getDatabase } from "@/lib/db";
import { sessions, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { open, seal } from "@/lib/security/data-key";
import { roleFromClaims } from "./oidc";
import { userChanged } from "./session-cache";
import { endAllSessions, endSession } from "./sessions";
import { reportSignIn } from "./sign-in-events";
import { setRole } from "./users";

/**
 * A single sign-on session keeps the provider's refresh token (sealed, bound to the session's id) and, every
 * OIDC_RECHECK_MINUTES, asks the provider with it who the person is now: someone taken out of the staff groups, or
 * whom the provider no longer answers for (disabled, signed out there, the token revoked), loses the session at that
 * request. The check runs only when due; every other request compares one number.
 */

const sealContext = (sessionId: string) => `oidc-refresh:${sessionId}`;
const intervalMs = () => env.OIDC_RECHECK_MINUTES * 60_000;

/** Whether a sign-on session last checked at `checkedAt` (ms) is due to be checked again. */
export const signOnRecheckDue = (checkedAt: number, now = Date.now()) => checkedAt + intervalMs() <= now;

/** Marks a new session as a single sign-on's, checked now, with the provider's refresh token when it gave one. */
export async function keepSignOnSession(sessionId: string, refreshToken: string | undefined): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(sessions)
    .set({
      oidcCheckedAt: new Date(),
      oidcRefreshToken: refreshToken ? seal(refreshToken, sealContext(sessionId)) : null,
    })
    .where(eq(sessions.id, sessionId));
}

const Discovery = z.object({ issuer: z.string(), token_endpoint: z.url(), jwks_uri: z.url() });
const TokenAnswer = z.object({ id_token: z.string().optional(), refresh_token: z.string().optional() });

let discovery:
  Promise<{ tokenEndpoint: string; issuer: string; keys: ReturnType<typeof createRemoteJWKSet> }> | undefined;

function provider() {
  discovery ??= (async () => {
    const answer = await fetch(`${env.OIDC_ISSUER!.replace(/\/$/, "")}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`discovery answered ${answer.status}`);
    const config = Discovery.parse(await answer.json());
    return {
      tokenEndpoint: config.token_endpoint,
      issuer: config.issuer,
      keys: createRemoteJWKSet(new URL(config.jwks_uri)),
    };
  })();
  // A failed discovery is tried again at the next check, not remembered.
  discovery.catch(() => (discovery = undefined));
  return discovery;
}

type Answer =
  | { ok: true; claims: JWTPayload; refreshToken?: string }
  | { ok: false; reason: "no_refresh_token" | "provider_refused" | "provider_unreachable" };

/** The refresh-token grant (client_secret_basic): the new ID token's claims, verified, for the same subject. */
async function askProvider(sealed: string | null, sessionId: string, subject: string | null): Promise<Answer> {
  if (!sealed || !subject) return { ok: false, reason: "no_refresh_token" };
  let refreshToken: string;
  try {
    refreshToken = open(sealed, sealContext(sessionId));
  } catch {
    // Sealed for another session, or under a key no longer configured: nothing the provider could vouch for.
    return { ok: false, reason: "no_refresh_token" };
  }
  let answer: Response;
  let config: Awaited<ReturnType<typeof provider>>;
  try {
    config = await provider();
    const basic = Buffer.from(
      `${encodeURIComponent(env.OIDC_CLIENT_ID!)}:${encodeURIComponent(env.OIDC_CLIENT_SECRET!)}`,
    ).toString("base64");
    answer = await fetch(config.tokenEndpoint, {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    log.warn({ err: error }, "single sign-on re-check: the provider did not answer");
    return { ok: false, reason: "provider_unreachable" };
  }
  // invalid_grant and the like: the provider no longer stands behind this sign-in.
  if (!answer.ok) return { ok: false, reason: "provider_refused" };
  try {
    const tokens = TokenAnswer.parse(await answer.json());
    if (!tokens.id_token) return { ok: false, reason: "provider_refused" };
    const { payload } = await jwtVerify(tokens.id_token, config.keys, {
      issuer: config.issuer,
      audience: env.OIDC_CLIENT_ID!,
      subject,
    });
    return { ok: true, claims: payload, refreshToken: tokens.refresh_token };
  } catch (error) {
    log.warn({ err: error }, "single sign-on re-check: the provider's answer did not verify");
    return { ok: false, reason: "provider_refused" };
  }
}

// The checks under way in this process, by session: the requests that find it due at once share one.
const underway = new Map<string, Promise<Outcome>>();

/** `changed`: the session stays, with the role the groups give now (read the user again). */
type Outcome = "kept" | "changed" | "ended";

/**
 * Checks a sign-on session with the provider now: it stays (or another request, here or on another instance, is
 * checking it), stays with another role, or was ended. Taken out of the groups: the account becomes a homeowner's and
 * every session of it ends, as at a sign-in; refused otherwise: this session ends. Either way it is logged.
 */
export function recheckSignOn(userId: number, sessionId: string): Promise<Outcome> {
  let check = underway.get(sessionId);
  if (!check) {
    check = recheck(userId, sessionId).finally(() => underway.delete(sessionId));
    underway.set(sessionId, check);
  }
  return check;
}

async function recheck(userId: number, sessionId: string): Promise<Outcome> {
  const { db } = await getDatabase();
  // Claimed first, so one instance asks (a refresh token may be good once) and the others go on meanwhile.
  const [claimed] = await db
    .update(sessions)
    .set({ oidcCheckedAt: new Date() })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        lt(sessions.oidcCheckedAt, new Date(Date.now() - intervalMs())),
      ),
    )
    .returning({ refreshToken: sessions.oidcRefreshToken });
  if (!claimed) return "kept";
  const [account] = await db
    .select({ email: users.email, role: users.role, subject: users.oidcSubject })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return "ended";
  const answer = await askProvider(claimed.refreshToken, sessionId, account.subject);
  const role = answer.ok
    ? roleFromClaims(answer.claims, {
        claim: env.OIDC_ROLE_CLAIM,
        officerValues: env.OIDC_OFFICER_VALUES,
        adminValues: env.OIDC_ADMIN_VALUES,
      })
    : undefined;
  if (answer.ok && role) {
    if (answer.refreshToken)
      await db
        .update(sessions)
        .set({ oidcRefreshToken: seal(answer.refreshToken, sealContext(sessionId)) })
        .where(eq(sessions.id, sessionId));
    if (role !== account.role) {
      await setRole(userId, role);
      return "changed";
    }
    // The snapshots carry when the session was checked: read again, so the next requests do not find it due.
    await userChanged(userId);
    return "kept";
  }
  const reason = answer.ok ? "OidcNoRole" : answer.reason;
  if (reason === "OidcNoRole") {
    await setRole(userId, "homeowner");
    await endAllSessions(userId);
  } else await endSession(sessionId);
  log.info({ userId, reason }, "single sign-on re-check ended a session");
  reportSignIn({
    action: "signout",
    outcome: "allowed",
    user: { id: userId, email: account.email, role: account.role },
    detail: { method: "sso", reason, by: "recheck" },
  });
  return "ended";
}
