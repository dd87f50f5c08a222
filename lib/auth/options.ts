import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { cookies } from "next/headers";
import { z } from "zod";
import { env } from "@/lib/env";
import { notText } from "@/lib/security/text";
import { clientIpOf } from "@/lib/security/client-address";
import { started } from "@/lib/startup";
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS, deviceToken } from "./device";
import { oidcProviders, oidcSignIn } from "./oidc";
import { keepSignOnSession } from "./oidc-recheck";
import { MAX_PASSWORD_LENGTH } from "./password";
import { isStaff, ROLES, type Role } from "./roles";
import { authSecret } from "./secret";
import { secureCookies } from "./cookies";
import { endSession, SESSION_SECONDS, startSession } from "./sessions";
import { checkCode, FACTOR_LOCKED_WORDS, hasSecondFactor } from "./factors";
import { PasskeyError, relyingParty, verifyPasskey } from "./passkeys";
import { reportSignIn, type SignInEvent } from "./sign-in-events";
import { checkCredentials, findUserById } from "./users";

// Only text the database keeps as typed (see lib/security/text.ts): a lone surrogate in a refused sign-in's email
// would otherwise reach the activity log.
const Credentials = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .refine((email) => !notText(email)),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  /** The second factor: a code from the authenticator app or a recovery code; absent on the first try. */
  code: z.string().trim().max(32).optional(),
});
const PasskeyAnswer = z.object({ response: z.string().min(2).max(16_384) });

/** The sign-in errors the login page turns into its next step (next-auth hands the thrown message back as `error`). */
export const SIGN_IN_ERRORS = {
  secondFactorRequired: "second_factor_required",
  secondFactorInvalid: "second_factor_invalid",
  passkeyInvalid: "passkey_invalid",
} as const;

const ipOf = (request: { headers?: unknown } | undefined) =>
  clientIpOf(new Headers(request?.headers as Record<string, string> | undefined), env.TRUSTED_PROXY_HOPS);

const waitWords = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** What the jwt callback reads of a provider's user: the account, and whether a second factor was given. */
interface SignedInUser {
  id: string;
  email: string;
  role: Role;
  secondFactor: boolean;
}

/**
 * Sessions live in a signed JWT carrying the user's id, role and session id; every request re-reads the user and
 * checks that the session is still live (see session.ts), so signing out ends it on the server too.
 */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_SECONDS },
  pages: { signIn: "/login" },
  useSecureCookies: secureCookies,
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        code: { label: "Code", type: "text" },
      },
      async authorize(raw, request): Promise<SignedInUser> {
        const parsed = Credentials.safeParse(raw);
        // One message for every failure, so it never tells which part was wrong.
        if (!parsed.success) throw new Error("Wrong email or password.");
        // Under next dev the demo accounts may still be on their way (see lib/startup.ts).
        await started();
        const jar = await cookies();
        const ip = ipOf(request);
        const result = await checkCredentials(parsed.data.email, parsed.data.password, {
          ip,
          deviceCookie: jar.get(DEVICE_COOKIE)?.value,
        });
        const refused = (detail: SignInEvent["detail"], user?: SignInEvent["user"]) =>
          reportSignIn({
            action: "signin",
            outcome: "refused",
            user,
            email: parsed.data.email,
            ip,
            detail: { method: "password", ...detail },
          });
        if (!result.ok) {
          refused({ reason: result.reason === "throttled" ? "throttled" : "wrong_email_or_password" });
          if (result.reason === "throttled")
            throw new Error(
              `Too many sign-in attempts. Try again in ${waitWords(result.retryAfterSeconds)}, or reset your password.`,
            );
          throw new Error("Wrong email or password.");
        }
        // STAFF_PASSWORDS=false: staff sign in through single sign-on only; their password fails like a wrong one.
        if (!env.STAFF_PASSWORDS && result.user.role !== "homeowner") {
          refused({ reason: "staff_passwords_off" }, result.user);
          throw new Error("Wrong email or password.");
        }
        // The password was right. An account with a second factor needs it too, every time; the page asks for it and
        // sends the same email and password again with the code (nothing is kept between the two tries).
        let secondFactor = false;
        if (await hasSecondFactor(result.user.id)) {
          if (!parsed.data.code) throw new Error(SIGN_IN_ERRORS.secondFactorRequired);
          const check = await checkCode(result.user.id, parsed.data.code, ip);
          reportSignIn({
            action: "signin.second_factor",
            outcome: check.ok ? "allowed" : "refused",
            user: result.user,
            ip,
            detail: check.ok
              ? { kind: check.kind }
              : { reason: check.reason, ...(check.reason === "invalid" && check.lockedNow ? { lockedNow: true } : {}) },
          });
          if (!check.ok && check.reason === "throttled")
            throw new Error(`Too many codes tried. Try again in ${waitWords(check.retryAfterSeconds)}.`);
          if (!check.ok && (check.reason === "locked" || (check.reason === "invalid" && check.lockedNow)))
            throw new Error(FACTOR_LOCKED_WORDS);
          if (!check.ok) throw new Error(SIGN_IN_ERRORS.secondFactorInvalid);
          secondFactor = true;
        }
        if (result.device === "new") jar.set(DEVICE_COOKIE, deviceToken(result.user.email), DEVICE_COOKIE_OPTIONS);
        reportSignIn({
          action: "signin",
          outcome: "allowed",
          user: result.user,
          ip,
          detail: { method: "password", secondFactor },
        });
        return { id: String(result.user.id), email: result.user.email, role: result.user.role, secondFactor };
      },
    }),
    CredentialsProvider({
      // A passkey alone: the browser offers the passkeys it holds for this app (discoverable credentials), and the one
      // chosen names the account. User verification is required, so it counts as the second factor too.
      id: "passkey",
      name: "Passkey",
      credentials: { response: { label: "Passkey answer", type: "text" } },
      async authorize(raw, request): Promise<SignedInUser> {
        const parsed = PasskeyAnswer.safeParse(raw);
        if (!parsed.success) throw new Error(SIGN_IN_ERRORS.passkeyInvalid);
        await started();
        try {
          const response = JSON.parse(parsed.data.response) as AuthenticationResponseJSON;
          const userId = await verifyPasskey(
            response,
            relyingParty(new Headers(request?.headers as Record<string, string> | undefined)),
          );
          const account = await findUserById(userId);
          if (!account) throw new PasskeyError("This passkey's account is gone.");
          // STAFF_PASSWORDS=false: staff sign in through single sign-on only, and a passkey alone fails like a
          // stranger's (it still gives the second step of a sign-on session, and step-ups: /api/account/second-factor).
          if (!env.STAFF_PASSWORDS && isStaff(account.role)) {
            reportSignIn({
              action: "signin",
              outcome: "refused",
              user: account,
              ip: ipOf(request),
              detail: { method: "passkey", reason: "staff_passwords_off" },
            });
            throw new Error(SIGN_IN_ERRORS.passkeyInvalid);
          }
          reportSignIn({
            action: "signin",
            outcome: "allowed",
            user: account,
            ip: ipOf(request),
            detail: { method: "passkey", secondFactor: true },
          });
          return { id: String(account.id), email: account.email, role: account.role, secondFactor: true };
        } catch (error) {
          if (error instanceof PasskeyError || error instanceof SyntaxError || error instanceof TypeError) {
            reportSignIn({
              action: "signin",
              outcome: "refused",
              ip: ipOf(request),
              detail: { method: "passkey", reason: "passkey_invalid" },
            });
            throw new Error(SIGN_IN_ERRORS.passkeyInvalid);
          }
          throw error;
        }
      },
    }),
    ...oidcProviders(),
  ],
  callbacks: {
    signIn: oidcSignIn,
    async jwt({ token, user, account }) {
      if (user) {
        const { role, secondFactor } = user as unknown as SignedInUser;
        token.uid = Number(user.id);
        token.role = role;
        const sid = await startSession(Number(user.id), { role, secondFactor: secondFactor === true });
        token.sid = sid;
        if (account?.provider === "oidc") await keepSignOnSession(sid, account.refresh_token);
      }
      return token;
    },
    session({ session, token }) {
      if (session.user && typeof token.uid === "number" && ROLES.includes(token.role as Role)) {
        Object.assign(session.user, { id: token.uid, role: token.role, sid: token.sid });
      }
      return session;
    },
  },
  events: {
    // Signing out ends the session on the server: a copy of the cookie is worthless from then on.
    async signOut({ token }) {
      await endSession(token?.sid);
      if (typeof token?.uid === "number" && typeof token.email === "string")
        reportSignIn({
          action: "signout",
          outcome: "allowed",
          user: { id: token.uid, email: token.email, role: String(token.role) },
          detail: {},
        });
    },
  },
};
