import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { env } from "@/lib/env";
import { MAX_PASSWORD_LENGTH } from "./password";
import { ROLES, type Role } from "./roles";
import { authSecret } from "./secret";
import { checkCredentials } from "./users";

const Credentials = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });

/** Sessions live in a signed JWT carrying the user's id and role; every request re-reads the user (see session.ts). */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  pages: { signIn: "/login" },
  useSecureCookies: env.NODE_ENV === "production" && !!env.NEXTAUTH_URL?.startsWith("https://"),
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = Credentials.safeParse(raw);
        // One message for every failure, so it never tells which part was wrong.
        if (!parsed.success) throw new Error("Wrong email or password.");
        const result = await checkCredentials(parsed.data.email, parsed.data.password);
        if (result.ok) return { id: String(result.user.id), email: result.user.email, role: result.user.role };
        if (result.reason === "locked") {
          const minutes = Math.ceil((result.retryAfterSeconds ?? 60) / 60);
          throw new Error(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
        }
        throw new Error("Wrong email or password.");
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = Number(user.id);
        token.role = (user as { role?: Role }).role;
      }
      return token;
    },
    session({ session, token }) {
      if (session.user && typeof token.uid === "number" && ROLES.includes(token.role as Role)) {
        Object.assign(session.user, { id: token.uid, role: token.role });
      }
      return session;
    },
  },
};
