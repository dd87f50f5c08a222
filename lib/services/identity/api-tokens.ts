import "server-only";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { hashToken, MAX_TOKEN_DAYS, newToken, type TokenScope } from "@/lib/auth/api-token-format";
import { ownerIdsColumn } from "@/lib/auth/owner-ids";
import { isStaff, type SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { apiTokens, users } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { accountLimitWait, limitAccount, RateLimitedError } from "@/lib/rate-limit";
import { audit, by } from "@/lib/services/audit/log";
import { AppError, forbidden } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";

type StaffCaller = Caller & { user: SessionUser };

/** Whose tokens an action is about: the caller's own (`/account`), or the organization's, everyone's (`/admin`). */
export type TokenOwnership = "own" | "organization";

export interface ApiTokenDto {
  id: number;
  name: string;
  scopes: TokenScope[];
  /** The token's first characters ("hdt_ab12cd"), to tell it apart; the token itself is shown once, when made. */
  prefix: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: "active" | "expired" | "revoked";
  owner: { id: number; email: string };
}

export interface NewApiToken {
  name: string;
  scopes: TokenScope[];
  expiresInDays: number;
}

const DAY_MS = 86_400_000;

type Row = typeof apiTokens.$inferSelect;

function toDto(row: Row, owner: { id: number; email: string }, now = Date.now()): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as TokenScope[],
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? "revoked" : row.expiresAt.getTime() <= now ? "expired" : "active",
    owner,
  };
}

function assertStaff(user: SessionUser, ownership: TokenOwnership) {
  if (!isStaff(user.role)) throw forbidden("Only loan officers and admins may have API tokens.");
  if (ownership === "organization" && user.role !== "admin")
    throw forbidden("Only admins manage the organization's API tokens.");
}

/**
 * A new token for the caller (staff; an organization token is the admin's own, made on `/admin`); its routes ask for a
 * recent second factor (`stepUp: "api_token.create"`) like every action a stolen session must not take. The token is
 * in the answer once: only its digest is kept.
 */
export async function createApiToken(
  caller: StaffCaller,
  input: NewApiToken,
  ownership: TokenOwnership,
): Promise<{ token: string; apiToken: ApiTokenDto }> {
  const { user } = caller;
  assertStaff(user, ownership);
  const days = Math.min(Math.max(1, Math.floor(input.expiresInDays)), MAX_TOKEN_DAYS);
  const { token, hash, prefix } = newToken();
  const { db } = await getDatabase();
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: user.id,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      tokenHash: hash,
      prefix,
      expiresAt: new Date(Date.now() + days * DAY_MS),
    })
    .returning();
  void audit({
    action: "api_token.create",
    ...by(caller),
    detail: {
      tokenId: row!.id,
      name: row!.name,
      scopes: row!.scopes.join(" "),
      expiresAt: row!.expiresAt.toISOString(),
      organization: ownership === "organization",
    },
  });
  return { token, apiToken: toDto(row!, { id: user.id, email: user.email }) };
}

/** The caller's tokens, or (admins) everyone's, newest first, with when each was last used. */
export async function listApiTokens(user: SessionUser, ownership: TokenOwnership): Promise<ApiTokenDto[]> {
  assertStaff(user, ownership);
  const { db } = await getDatabase();
  const rows = await db
    .select({ token: apiTokens, owner: { id: users.id, email: users.email } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(ownership === "own" ? eq(apiTokens.userId, user.id) : undefined)
    .orderBy(desc(apiTokens.id))
    .limit(500);
  const now = Date.now();
  return rows.map((row) => toDto(row.token, row.owner, now));
}

/** Revokes a token at once: the caller's own, or (admins, `organization`) anyone's (its routes' step-up first). */
export async function revokeApiToken(caller: StaffCaller, tokenId: number, ownership: TokenOwnership): Promise<void> {
  const { user } = caller;
  assertStaff(user, ownership);
  const { db } = await getDatabase();
  const whose = ownership === "own" ? eq(apiTokens.userId, user.id) : undefined;
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), whose));
  if (!row) throw new AppError({ code: "not_found", message: "No such API token." });
  if (!row.revokedAt) await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, tokenId));
  void audit({
    action: "api_token.revoke",
    ...by(caller),
    subjectUserId: row.userId,
    detail: { tokenId: row.id, name: row.name },
  });
}

/** Revokes every live token of an account (it is no longer staff): they stay dead should the role come back. */
export async function revokeTokensOf(userId: number): Promise<number> {
  const { db } = await getDatabase();
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

/** Who a request's API token speaks for, and the token (its name goes into the activity log's rows). */
export interface TokenHolder {
  user: SessionUser;
  token: { id: number; name: string; scopes: TokenScope[] };
}

export const invalidToken = () =>
  new AppError({ code: "invalid_token", message: "This API token is unknown, expired or revoked." });

/**
 * The staff member an API token speaks for: a token that is unknown, expired or revoked, or whose owner is no longer
 * staff (demoted; a deleted account's tokens are gone with it), is a 401 `invalid_token`. Such failures are counted per
 * client address; past the limit, bad tokens from it are answered 429 until the window ends (a good one still works:
 * tokens are 256 random bits, so the limit is against floods of the log, and must not let a stranger cut a CRM off).
 */
export async function authenticateApiToken(token: string, ip: string): Promise<TokenHolder> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ token: apiTokens, user: users, ownerIds: ownerIdsColumn })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)),
    );
  if (!row || !isStaff(row.user.role)) {
    log.warn({ tokenPrefix: token.slice(0, 10), reason: row ? "not_staff" : "unknown" }, "an API token was refused");
    // Only bad tokens are held back: a good one from the same address (a CRM's shared pool, an office's NAT) is served.
    const wait = await accountLimitWait("apiTokenFailures", ip);
    if (wait) throw tooManyFailures(wait);
    try {
      await limitAccount("apiTokenFailures", ip);
    } catch (error) {
      if (RateLimitedError.is(error)) throw tooManyFailures(error.retryAfterSeconds);
      throw error;
    }
    throw invalidToken();
  }
  await noteUse(row.token);
  const { user } = row;
  return {
    user: { id: user.id, email: user.email, role: user.role, ownerIds: row.ownerIds, name: user.name },
    token: { id: row.token.id, name: row.token.name, scopes: row.token.scopes as TokenScope[] },
  };
}

const tooManyFailures = (seconds: number) =>
  new AppError({
    code: "rate_limited",
    message: "Too many unknown, expired or revoked API tokens from this address. Try again later.",
    retryAfter: seconds,
  });

// When each token's last use was written by this process: a busy token writes it once a minute, not on every call.
const written = new Map<number, number>();
const USE_WRITE_MS = 60_000;

async function noteUse(row: Row): Promise<void> {
  const now = Date.now();
  const last = Math.max(row.lastUsedAt?.getTime() ?? 0, written.get(row.id) ?? 0);
  if (now - last < USE_WRITE_MS) return;
  written.set(row.id, now);
  if (written.size > 10_000) written.clear();
  await getDatabase()
    .then(({ db }) =>
      db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(
            eq(apiTokens.id, row.id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - USE_WRITE_MS))),
          ),
        ),
    )
    .catch((error: unknown) => log.warn({ err: error }, "an API token's last use could not be written"));
}
