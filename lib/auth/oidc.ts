import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Account, Profile, User } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { getDatabase } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { hashPassword } from "./password";
import type { Role } from "./roles";
import { endAllSessions } from "./sessions";
import { reportSignIn } from "./sign-in-events";
import { findUserByEmail, setRole } from "./users";

/** The ID token's claims this app reads; the role claim's name is configured (OIDC_ROLE_CLAIM). */
export interface IdTokenClaims extends Record<string, unknown> {
  sub: string;
  email?: string;
  email_verified?: unknown;
  name?: string;
  amr?: unknown;
  acr?: unknown;
  auth_time?: unknown;
}

type StaffRole = Exclude<Role, "homeowner">;

/** Why a single sign-on was refused: the `error` of `/login?error=...`. */
export const SSO_ERRORS = {
  OidcNoRole:
    "Your organization's account does not give you access to this app. Ask your administrator to add you to the right group.",
  OidcNoEmail: "Your organization's account did not share an email address with this app. Ask your administrator.",
  OidcAccountConflict:
    "An account with your email already exists here and cannot be joined to your organization's account. Ask your administrator.",
  OidcEmailUnverified:
    "Your organization's account did not confirm your email address, so no account can be made for it here. Ask your administrator.",
  OidcSignInTooOld:
    "Your sign-in at your organization was too long ago. Sign in with your organization's account again.",
  OidcFailed: "Signing in with your organization's account did not work. Try again.",
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

/** The role a person's groups give: admin values win over officer values; undefined when neither matches. */
export function roleFromClaims(
  claims: Record<string, unknown>,
  config: { claim: string; officerValues: readonly string[]; adminValues: readonly string[] },
): StaffRole | undefined {
  const raw = claims[config.claim];
  // Most providers send an array; some send one group as a plain string.
  const values = new Set(
    Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string") : typeof raw === "string" ? [raw] : [],
  );
  if (config.adminValues.some((v) => values.has(v))) return "admin";
  if (config.officerValues.some((v) => values.has(v))) return "loan_officer";
  return undefined;
}

/**
 * The kind of factor each authentication method (RFC 8176) is: something known, held, or that one is. Others (`user`,
 * `rba`, `geo`, `mca`, `wia`...) are no factor of their own.
 */
const FACTOR_KINDS = {
  known: ["pwd", "pin", "kba"],
  held: ["otp", "hwk", "swk", "sms", "tel", "sc", "pop"],
  is: ["fpt", "face", "iris", "retina", "vbm"],
};
const kindOf = (method: string) => Object.entries(FACTOR_KINDS).find(([, methods]) => methods.includes(method))?.[0];

/**
 * Whether the identity provider's sign-in counts as the app's second factor: only when the app is told to trust it, and
 * then when the provider says `mfa`, or names factors of two kinds (NIST SP 800-63B: a code or a key alone is one
 * factor, and so are a code and a text message), or its `acr` is one the organization says means MFA.
 */
export function idpSecondFactor(
  claims: { amr?: unknown; acr?: unknown },
  trustsIdp: boolean,
  mfaAcrValues: readonly string[] = [],
): boolean {
  if (!trustsIdp) return false;
  if (typeof claims.acr === "string" && mfaAcrValues.includes(claims.acr)) return true;
  const methods = Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === "string") : [];
  return methods.includes("mfa") || new Set(methods.map(kindOf).filter(Boolean)).size >= 2;
}

/** Leeway for the provider's clock against ours. */
const CLOCK_SKEW_SECONDS = 300;

/**
 * Whether the person signed in at the provider recently enough: `auth_time` within `maxAgeSeconds` (which the
 * authorization request sent as `max_age`, so a token without it is refused, OpenID Connect Core 3.1.2.1).
 */
export function recentSignIn(claims: { auth_time?: unknown }, maxAgeSeconds: number, now = Date.now()): boolean {
  const at = claims.auth_time;
  return (
    typeof at === "number" &&
    Number.isFinite(at) &&
    at * 1000 >= now - (maxAgeSeconds + CLOCK_SKEW_SECONDS) * 1000 &&
    at * 1000 <= now + CLOCK_SKEW_SECONDS * 1000
  );
}

/**
 * Whether an account found by the email a provider asserts may be linked to the provider's subject. Only when the
 * provider says it verified the email, the account is staff and held by no other subject, and nobody can sign in to it
 * with a password: with STAFF_PASSWORDS=true a staff account's password (set by an admin, or chosen through an
 * invitation) is its holder's, and an email asserted elsewhere does not take it over (an admin removes the account,
 * and the person's next single sign-on makes a new one). With STAFF_PASSWORDS=false no staff password signs in, and
 * the accounts an admin made before are claimed by their verified emails.
 */
export function mayLinkByEmail(
  account: { role: Role; oidcSubject: string | null },
  emailVerified: unknown,
  staffPasswords: boolean,
): boolean {
  return emailVerified === true && account.oidcSubject === null && account.role !== "homeowner" && !staffPasswords;
}

/** next-auth's provider for the organization's OpenID Connect provider; none when OIDC_ISSUER is unset. */
export function oidcProviders(): OAuthConfig<IdTokenClaims>[] {
  if (!env.OIDC_ISSUER) return [];
  return [
    {
      id: "oidc",
      name: "Your organization",
      type: "oauth",
      issuer: env.OIDC_ISSUER,
      wellKnown: `${env.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      // max_age: the provider asks the person to sign in again when their sign-in there is older (and says when it
      // was). offline_access: a refresh token, with which the person's groups are checked again while the session
      // lasts.
      authorization: { params: { scope: "openid email profile offline_access", max_age: env.OIDC_MAX_AGE_SECONDS } },
      // The profile is the ID token's claims (no userinfo call): the groups must be in the ID token.
      idToken: true,
      checks: ["pkce", "state", "nonce"],
      // The IdP's subject for now: oidcSignIn swaps in the account's id once it is known.
      profile: (claims) => ({ id: claims.sub, email: claims.email ?? null, name: claims.name ?? null }),
    },
  ];
}

type Provisioned = { ok: true; id: number; email: string; role: StaffRole } | { ok: false; error: SsoError };

/**
 * The account of an IdP subject: found by subject, else by a verified email (see `mayLinkByEmail`), else created with
 * a password nobody knows (not for an email the provider says it did not verify: the account would hold it). Its role
 * follows the groups on every sign-in; groups that give no role refuse and take the role away, ending the account's
 * sessions.
 */
async function provision(
  sub: string,
  email: string | undefined,
  emailVerified: unknown,
  role: StaffRole | undefined,
): Promise<Provisioned> {
  const { db } = await getDatabase();
  let [account] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.oidcSubject, sub));
  if (!account) {
    // No account is made or linked for someone without a role.
    if (!role) return { ok: false, error: "OidcNoRole" };
    if (!email) return { ok: false, error: "OidcNoEmail" };
    const existing = await findUserByEmail(email);
    if (existing) {
      if (!mayLinkByEmail(existing, emailVerified, env.STAFF_PASSWORDS))
        return { ok: false, error: "OidcAccountConflict" };
      [account] = await db
        .update(users)
        .set({ oidcSubject: sub, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(and(eq(users.id, existing.id), isNull(users.oidcSubject)))
        .returning({ id: users.id, email: users.email, role: users.role });
    } else {
      if (emailVerified === false) return { ok: false, error: "OidcEmailUnverified" };
      const passwordHash = await hashPassword(randomBytes(32).toString("base64"));
      // The organization's provider vouches for its staff's email, as an admin who makes an account does.
      [account] = await db
        .insert(users)
        .values({ email, passwordHash, role, oidcSubject: sub, emailVerifiedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email, role: users.role });
    }
    // Another sign-in got there first (the same email or subject, at the same moment).
    if (!account) return { ok: false, error: "OidcAccountConflict" };
  }
  if (!role) {
    await setRole(account.id, "homeowner");
    await endAllSessions(account.id);
    return { ok: false, error: "OidcNoRole" };
  }
  if (account.role !== role) await setRole(account.id, role);
  return { ok: true, id: account.id, email: account.email, role };
}

/**
 * next-auth's `signIn` callback for a single sign-on (anything else passes): provisions the account, or refuses with
 * a redirect to `/login?error=<SsoError>`. Without an adapter next-auth hands this very `user` object on to the `jwt`
 * callback, so it is completed here: `{ id: String(userId), email, role, secondFactor }`.
 */
export async function oidcSignIn({
  user,
  account,
  profile,
}: {
  user: User;
  account: Account | null;
  profile?: Profile;
}): Promise<true | string> {
  if (account?.provider !== "oidc") return true;
  const claims = profile as IdTokenClaims | undefined;
  if (!claims?.sub) return "/login?error=OidcFailed";
  const role = roleFromClaims(claims, {
    claim: env.OIDC_ROLE_CLAIM,
    officerValues: env.OIDC_OFFICER_VALUES,
    adminValues: env.OIDC_ADMIN_VALUES,
  });
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : undefined;
  let result: Provisioned;
  try {
    // A sign-in at the provider older than max_age is refused before any account is made or changed.
    result = recentSignIn(claims, env.OIDC_MAX_AGE_SECONDS)
      ? await provision(claims.sub, email, claims.email_verified, role)
      : { ok: false, error: "OidcSignInTooOld" };
  } catch (error) {
    log.error({ err: error }, "single sign-on: provisioning failed");
    return "/login?error=OidcFailed";
  }
  if (!result.ok) {
    log.info({ sub: claims.sub, reason: result.error }, "single sign-on refused");
    reportSignIn({ action: "signin", outcome: "refused", email, detail: { method: "sso", reason: result.error } });
    return `/login?error=${result.error}`;
  }
  const secondFactor = idpSecondFactor(claims, env.OIDC_TRUSTS_IDP_MFA, env.OIDC_MFA_ACR_VALUES);
  Object.assign(user, { id: String(result.id), email: result.email, role: result.role, secondFactor });
  reportSignIn({
    action: "signin",
    outcome: "allowed",
    user: { id: result.id, email: result.email, role: result.role },
    detail: { method: "sso", secondFactor },
  });
  return true;
}
