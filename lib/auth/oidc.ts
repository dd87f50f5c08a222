import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
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
  name?: string;
  amr?: unknown;
}

type StaffRole = Exclude<Role, "homeowner">;

/** Why a single sign-on was refused: the `error` of `/login?error=...`. */
export const SSO_ERRORS = {
  OidcNoRole: "Your organization's account does not give you access to this app. Ask your administrator to add you to the right group.",
  OidcNoEmail: "Your organization's account did not share an email address with this app. Ask your administrator.",
  OidcAccountConflict: "An account with your email already exists here and cannot be joined to your organization's account. Ask your administrator.",
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
  const values = new Set(Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string") : typeof raw === "string" ? [raw] : []);
  if (config.adminValues.some((v) => values.has(v))) return "admin";
  if (config.officerValues.some((v) => values.has(v))) return "loan_officer";
  return undefined;
}

/** Authentication methods (RFC 8176) that are a second factor by themselves or say one was given. */
const SECOND_FACTOR_AMR = new Set(["mfa", "otp", "hwk", "swk"]);

/** Whether the identity provider's sign-in counts as the app's second factor: only when the app is told to trust it. */
export function idpSecondFactor(claims: { amr?: unknown }, trustsIdp: boolean): boolean {
  return trustsIdp && Array.isArray(claims.amr) && claims.amr.some((method) => SECOND_FACTOR_AMR.has(method as string));
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
      authorization: { params: { scope: "openid email profile" } },
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
 * The account of an IdP subject: found by subject, else by email (linked, but only a staff account no other subject
 * holds: a homeowner's email must not become staff), else created with a password nobody knows. Its role follows the
 * groups on every sign-in; groups that give no role refuse and take the role away, ending the account's sessions.
 */
async function provision(sub: string, email: string | undefined, role: StaffRole | undefined): Promise<Provisioned> {
  const { db } = await getDatabase();
  let [account] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.oidcSubject, sub));
  if (!account) {
    // No account is made or linked for someone without a role.
    if (!role) return { ok: false, error: "OidcNoRole" };
    if (!email) return { ok: false, error: "OidcNoEmail" };
    const existing = await findUserByEmail(email);
    if (existing) {
      if (existing.oidcSubject !== null || existing.role === "homeowner") return { ok: false, error: "OidcAccountConflict" };
      [account] = await db
        .update(users)
        .set({ oidcSubject: sub })
        .where(and(eq(users.id, existing.id), isNull(users.oidcSubject)))
        .returning({ id: users.id, email: users.email, role: users.role });
    } else {
      const passwordHash = await hashPassword(randomBytes(32).toString("base64"));
      [account] = await db
        .insert(users)
        .values({ email, passwordHash, role, oidcSubject: sub })
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
export async function oidcSignIn({ user, account, profile }: { user: User; account: Account | null; profile?: Profile }): Promise<true | string> {
  if (account?.provider !== "oidc") return true;
  const claims = profile as IdTokenClaims | undefined;
  if (!claims?.sub) return "/login?error=OidcFailed";
  const role = roleFromClaims(claims, { claim: env.OIDC_ROLE_CLAIM, officerValues: env.OIDC_OFFICER_VALUES, adminValues: env.OIDC_ADMIN_VALUES });
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : undefined;
  let result: Provisioned;
  try {
    result = await provision(claims.sub, email, role);
  } catch (error) {
    log.error({ err: error }, "single sign-on: provisioning failed");
    return "/login?error=OidcFailed";
  }
  if (!result.ok) {
    log.info({ sub: claims.sub, reason: result.error }, "single sign-on refused");
    reportSignIn({ action: "signin", outcome: "refused", email, detail: { method: "sso", reason: result.error } });
    return `/login?error=${result.error}`;
  }
  const secondFactor = idpSecondFactor(claims, env.OIDC_TRUSTS_IDP_MFA);
  Object.assign(user, { id: String(result.id), email: result.email, role: result.role, secondFactor });
  reportSignIn({
    action: "signin",
    outcome: "allowed",
    user: { id: result.id, email: result.email, role: result.role },
    detail: { method: "sso", secondFactor },
  });
  return true;
}
