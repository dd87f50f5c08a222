import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { resetFactors } from "@/lib/auth/factors";
import type { SessionUser } from "@/lib/auth/roles";
import { userChanged } from "@/lib/auth/session-cache";
import { endAllSessions } from "@/lib/auth/sessions";
import { getDatabase } from "@/lib/db";
import { emailVerifications, users } from "@/lib/db/schema";
import { appOrigin } from "@/lib/env";
import { emailVerificationMessage } from "@/lib/mail/messages";
import { sendMail } from "@/lib/mail/transport";
import { limitAccount, RateLimitedError } from "@/lib/rate-limit";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { localeOfUser } from "./locale";

/**
 * Proof that an account holds its email. Sign-up proves nothing (anyone may type anyone's email), so an account whose
 * email was never proved may not add a second factor: otherwise a stranger could sign up with the owner's email, plant
 * a passkey, and keep it after the owner arrives (pre-hijacking). The proof is a link mailed to the address (single
 * use, 24 hours, its SHA-256 at rest), or an invitation or reset link mailed there and used.
 */

const LINK_HOURS = 24;
const hash = (token: string) => createHash("sha256").update(`email-verification:${token}`).digest("base64url");

/**
 * Mails a link that proves the account holds its email. A mail server that is away is logged, not told (sign-up goes
 * on).
 */
export async function sendEmailVerification(user: Pick<SessionUser, "id" | "email">): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const { db } = await getDatabase();
  await db.insert(emailVerifications).values({
    tokenHash: hash(token),
    userId: user.id,
    email: user.email.toLowerCase(),
    expiresAt: new Date(Date.now() + LINK_HOURS * 3_600_000),
  });
  const locale = await localeOfUser(user.id);
  await sendMail(emailVerificationMessage({ to: user.email, url: `${appOrigin}/verify-email?token=${token}`, locale }));
}

/** The signed-in account asks for the link again: three an hour. */
export async function resendEmailVerification(user: SessionUser): Promise<{ sent: boolean }> {
  if (await emailProved(user.id)) return { sent: false };
  try {
    await limitAccount("verifyEmail", String(user.id));
  } catch (error) {
    if (!RateLimitedError.is(error)) throw error;
    throw new AppError({
      code: "rate_limited",
      message: "A few links were sent in the last hour. Please use the newest one, or try again later.",
      retryAfter: error.retryAfterSeconds,
    });
  }
  await sendEmailVerification(user);
  return { sent: true };
}

/**
 * Follows a mailed link, in a signed-in session of the account it was sent for: good once, for 24 hours, and only while
 * the account still has the email it was sent to. The session matters: a stranger who signed up with the owner's
 * email holds the password, the owner holds the mailbox, and only someone holding both proves the account (otherwise
 * the owner, clicking a link they did not ask for, would prove the stranger's account and let it add a factor).
 */
export async function confirmEmail(user: SessionUser, token: string): Promise<void> {
  const { db } = await getDatabase();
  const v = emailVerifications;
  const [taken] = await db
    .update(v)
    .set({ usedAt: new Date() })
    .where(and(eq(v.tokenHash, hash(token)), eq(v.userId, user.id), isNull(v.usedAt), gt(v.expiresAt, new Date())))
    .returning({ userId: v.userId, email: v.email });
  const [proved] = taken
    ? await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(and(eq(users.id, taken.userId), sql`lower(${users.email}) = ${taken.email}`))
        .returning({ id: users.id })
    : [];
  if (!proved) {
    void audit({ action: "email.verify", actor: user, outcome: "refused" });
    throw new AppError({
      code: "verification_link_invalid",
      message:
        "This link is not valid for the account you are signed in to, or not any more (it works once, for 24 hours). Sign in to the account it was sent for, or ask for a new link on your account's security page.",
      fields: { token: "is used, expired, unknown or another account's" },
    });
  }
  await userChanged(user.id);
  void audit({ action: "email.verify", actor: user });
}

export async function emailProved(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return !!row?.at;
}

/**
 * A link mailed to the account's email was used (an invitation accepted, a password reset, a staff invitation): the
 * person holds the mailbox. When the account had never proved it, whatever was set up before is a stranger's as
 * likely as the owner's: every factor and recovery code goes and every session ends. Returns whether it wiped them.
 */
export async function emailProvedByLink(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  const [before] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!before || before.at) return false;
  await resetFactors(userId);
  await endAllSessions(userId);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  await userChanged(userId);
  return true;
}

/**
 * Homeowners add a factor only once their email is proved (staff accounts are made by an admin or the organization's
 * sign-on).
 */
export async function requireProvedEmail(user: SessionUser): Promise<void> {
  if (user.role !== "homeowner" || (await emailProved(user.id))) return;
  throw new AppError({
    code: "email_unverified",
    message:
      "Confirm your email first: follow the link we mailed you (you can ask for a new one on this page), then turn on a passkey or an authenticator app.",
  });
}
