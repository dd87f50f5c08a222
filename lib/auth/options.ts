import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { z } from "zod";
import { env } from "@/lib/env";
import { clientIpOf } from "@/lib/security/client-address";
import { started } from "@/lib/startup";
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS, deviceToken } from "./device";
import { oidcProviders, oidcSignIn } from "./oidc";
import { MAX_PASSWORD_LENGTH } from "./password";
import { ROLES, type Role } from "./roles";
import { authSecret } from "./secret";
import { endSession, secureCookies, SESSION_SECONDS, startSession } from "./sessions";
import { checkCredentials } from "./users";

const Credentials = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });

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
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = Credentials.safeParse(raw);
        // One message for every failure, so it never tells which part was wrong.
        if (!parsed.success) throw new Error("Wrong email or password.");
        // Under next dev the demo accounts may still be on their way (see lib/startup.ts).
        await started();
        const jar = await cookies();
        const ip = clientIpOf(new Headers(request?.headers as Record<string, string> | undefined), env.TRUSTED_PROXY_HOPS);
        const result = await checkCredentials(parsed.data.email, parsed.data.password, { ip, deviceCookie: jar.get(DEVICE_COOKIE)?.value });
        if (result.ok) {
          // STAFF_PASSWORDS=false: staff sign in through single sign-on only; their password fails like a wrong one.
          if (!env.STAFF_PASSWORDS && result.user.role !== "homeowner") throw new Error("Wrong email or password.");
          if (result.device === "new") jar.set(DEVICE_COOKIE, deviceToken(result.user.email), DEVICE_COOKIE_OPTIONS);
          return { id: String(result.user.id), email: result.user.email, role: result.user.role };
        }
        if (result.reason === "throttled") {
          const wait = result.retryAfterSeconds < 90 ? `${result.retryAfterSeconds} seconds` : `${Math.ceil(result.retryAfterSeconds / 60)} minutes`;
          throw new Error(`Too many sign-in attempts. Try again in ${wait}, or reset your password.`);
        }
        throw new Error("Wrong email or password.");
      },
    }),
    ...oidcProviders(),
  ],
  callbacks: {
    signIn: oidcSignIn,
    async jwt({ token, user }) {
      if (user) {
        token.uid = Number(user.id);
        token.role = (user as { role?: Role }).role;
        token.secondFactor = (user as { secondFactor?: boolean }).secondFactor === true;
        token.sid = await startSession(Number(user.id));
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
    },
  },
};
