import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { decodeJwt, jwtVerify } from "jose";
import { z } from "zod";
import { hashPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/roles";
import { sessionCookie } from "@/lib/auth/sessions";
import { findUserById } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db";
import { partnerTokenUses, users } from "@/lib/db/schema";
import { AppError } from "@/lib/services/errors";
import { deedCheck, proveOwnership } from "@/lib/services/homes/ownership";
import { ownerRecord } from "@/lib/services/homes/properties";
import { findSite, siteSecret, type Site } from "./sites";

/** A partner token lives at most this long. */
export const MAX_TOKEN_SECONDS = 300;
export const PARTNER_SESSION_SECONDS = 8 * 60 * 60;
/** How far ahead of this server's clock a partner's clock may be when it signs (`iat`). */
export const CLOCK_SKEW_SECONDS = 60;

const Claims = z.object({
  iss: z.string(),
  sub: z.string().min(1).max(200),
  email: z.email(),
  given_name: z.string().trim().min(1).max(100),
  family_name: z.string().trim().min(1).max(100),
  address: z.string().trim().min(5).max(300),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(8).max(200),
});
export type PartnerClaims = z.infer<typeof Claims>;

const refuse = (status: 401 | 403, message: string) =>
  new AppError({ code: status === 401 ? "partner_token_refused" : "partner_site_unknown", message });

/**
 * Checks a partner's token: signed HS256 with the secret of the site it names (`iss`), all claims present, issued
 * no later than now (give or take a minute of clock skew), at most five minutes long and not expired. Its `jti` is
 * spent here; `replayed` says it had been before. A future `iat` would otherwise make a five-minute token valid for as
 * long as wanted.
 */
export async function verifyPartnerToken(
  token: string,
): Promise<{ site: Site; claims: PartnerClaims; replayed: boolean }> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    throw refuse(401, "This sign-in link is not a valid token.");
  }
  const site = issuer ? await findSite(issuer) : undefined;
  if (!site) throw refuse(403, "This sign-in link comes from a site that is not registered.");
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(siteSecret(site)), {
      algorithms: ["HS256"],
      issuer: site.siteKey,
    }));
  } catch (error) {
    const expired = error instanceof Error && "code" in error && error.code === "ERR_JWT_EXPIRED";
    throw refuse(
      401,
      expired
        ? "This sign-in link has expired. Please open the dashboard again from your bank's site."
        : "This sign-in link's signature is not valid.",
    );
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success) throw refuse(401, `This sign-in link is missing ${claims.error.issues[0]!.path.join(".")}.`);
  if (claims.data.iat > Math.floor(Date.now() / 1000) + CLOCK_SKEW_SECONDS) {
    throw refuse(
      401,
      "This sign-in link is dated in the future (its iat is later than now), which is not allowed. The bank's server clock may be wrong.",
    );
  }
  if (claims.data.exp <= claims.data.iat)
    throw refuse(401, "This sign-in link expires before it was issued (its exp is not after its iat).");
  if (claims.data.exp - claims.data.iat > MAX_TOKEN_SECONDS)
    throw refuse(401, "This sign-in link lives longer than five minutes, which is not allowed.");
  const { db } = await getDatabase();
  const [spent] = await db
    .insert(partnerTokenUses)
    .values({ jti: claims.data.jti, siteId: site.id, expiresAt: new Date(claims.data.exp * 1000) })
    .onConflictDoNothing()
    .returning();
  return { site, claims: claims.data, replayed: !spent };
}

export const alreadyUsed = () =>
  refuse(401, "This sign-in link was already used. Please open the dashboard again from your bank's site.");

/**
 * Whether a signed-in user is the member a token names on its site: the member reloading the bank's page brings the
 * same (now used) token with a live session, and simply carries on.
 */
export async function isSameMember(user: SessionUser | undefined, site: Site, claims: PartnerClaims): Promise<boolean> {
  if (!user) return false;
  const { db } = await getDatabase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, user.id), eq(users.partnerSiteId, site.id), eq(users.partnerMemberId, claims.sub)));
  return !!row;
}

/** The member's account (made on first visit, with no password) and owner record. */
export async function memberAccount(site: Site, claims: PartnerClaims, ip: string): Promise<SessionUser> {
  const { db } = await getDatabase();
  const find = () =>
    db
      .select()
      .from(users)
      .where(and(eq(users.partnerSiteId, site.id), eq(users.partnerMemberId, claims.sub)));
  let [row] = await find();
  if (!row) {
    await db
      .insert(users)
      .values({
        email: `member-${site.id}-${randomBytes(8).toString("hex")}@partner.invalid`,
        passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
        role: "homeowner",
        partnerSiteId: site.id,
        partnerMemberId: claims.sub,
      })
      .onConflictDoNothing();
    [row] = await find();
  }
  const user = (await findUserById(row!.id))!;
  if (user.ownerIds.length) return user;
  // The partner vouches for its member, but the home must still be theirs on the deed, like any other claim.
  const person = { firstName: claims.given_name, lastName: claims.family_name, address: claims.address };
  const caller = { user, ip };
  const { key } = await deedCheck(caller, person);
  await proveOwnership(
    user.id,
    await ownerRecord(caller, person, key),
    "partner",
    `${person.firstName} ${person.lastName}`,
  );
  return (await findUserById(row!.id))!;
}

/**
 * A session for the member inside the partner's frame: the usual session token, marked with the site and the
 * origins that may frame it, in a partitioned cookie (it lives only under the partner's site, and works where
 * third-party cookies are blocked).
 */
export function partnerSessionCookie(user: SessionUser, site: Site): Promise<string> {
  return sessionCookie(user, {
    claims: { site: site.id, frameOrigins: site.allowedOrigins },
    seconds: PARTNER_SESSION_SECONDS,
    partitioned: true,
  });
}

/**
 * The partner site a member account belongs to (none for the app's own accounts): its members' reads are named by it.
 */
export async function partnerSiteOf(userId: number): Promise<number | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select({ siteId: users.partnerSiteId }).from(users).where(eq(users.id, userId));
  return row?.siteId ?? undefined;
}
