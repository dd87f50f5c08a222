import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { weakPasswordReason } from "@/lib/auth/password-policy";
import { isStaff, type Role, type SessionUser, type STAFF } from "@/lib/auth/roles";
import { unlockFactor } from "@/lib/auth/factors";
import { endAllSessions } from "@/lib/auth/sessions";
import {
  checkCredentials,
  createUser,
  deleteUser,
  EmailTakenError,
  findUserByEmail,
  findUserById,
  setPassword,
  setRole,
} from "@/lib/auth/users";
import { limitAccount, RateLimitedError, type AccountLimit } from "@/lib/rate-limit";
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/log";
import { passwordResets } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { passwordResetMessage, staffInvitationMessage } from "@/lib/mail/messages";
import { MailError, sendMail } from "@/lib/mail/transport";
import { requireStepUp } from "@/lib/services/access";
import { revokeTokensOf } from "./api-tokens";
import { audit } from "@/lib/services/audit/log";
import { emailProvedByLink, sendEmailVerification } from "./email-verification";
import { AppError } from "@/lib/services/errors";
import type { Locale } from "@/lib/i18n/locales";
import { deleteHomeowner } from "@/lib/services/audit/privacy";

const RESET_MINUTES = 30;
const INVITATION_HOURS = 72;
const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** An account limit used up becomes a 429 with words for what was refused. */
async function limit(kind: AccountLimit, key: string, message: string) {
  try {
    await limitAccount(kind, key);
  } catch (error) {
    if (!RateLimitedError.is(error)) throw error;
    throw new AppError({ code: "rate_limited", message, retryAfter: error.retryAfterSeconds });
  }
}

/** A weak password is one sentence, said once: the message and the field's error are the same words. */
function assertStrong(password: string, inputs: string[], field: "password" | "newPassword" = "password") {
  const weak = weakPasswordReason(password, inputs, field === "newPassword" ? "The new password" : "The password");
  if (weak) throw new AppError({ code: "weak_password", message: weak, fields: { [field]: weak } });
}

/** A new account; an email that already has one is a 409 naming the field (the one place that says so). */
async function newAccount(input: {
  email: string;
  password: string;
  role: Role;
  emailVerified?: boolean;
  locale?: Locale;
}): Promise<SessionUser> {
  try {
    return await createUser(input);
  } catch (error) {
    if (error instanceof EmailTakenError)
      throw new AppError({ code: "email_taken", message: error.message, fields: { email: "is already registered" } });
    throw error;
  }
}

/** Anyone may create a homeowner account, a few per hour from one address; the password must be hard to guess. */
export async function signUp(
  input: { email: string; password: string; locale?: Locale },
  ip: string,
): Promise<SessionUser> {
  assertStrong(input.password, [input.email]);
  await limit("signup", ip, "Too many accounts were created from your network. Please try again later.");
  const user = await newAccount({ ...input, role: "homeowner" });
  void audit({ action: "user.create", actor: user, ip, detail: { role: user.role, signUp: true } });
  // The account works at once; proving the email (the mailed link) is asked before it may add a second factor.
  await sendEmailVerification(user).catch((error: unknown) =>
    log.warn({ err: error }, "sign-up: the email confirmation could not be sent"),
  );
  return user;
}

/** "Sign in with a passkey" hands out a challenge to anyone: a few a minute per client address. */
export const limitPasskeyOptions = (ip: string) =>
  limit("passkeyOptions", ip, "Too many passkey sign-ins from your network. Please wait a minute.");

/** An admin adds a loan officer or another admin: by emailed invitation, or with a password handed over in person. */
export async function addStaffMember(
  admin: SessionUser,
  input: { email: string; role: (typeof STAFF)[number] } & ({ invite: true } | { invite?: false; password: string }),
): Promise<{ id: number; email: string; role: Role; invitationExpiresAt?: string }> {
  // A new staff member (an officer reads every address's private data; an admin keeps an admin session's powers after
  // the session ends) outlives the session that made it, a stolen one too: as for a role change, the admin confirms it
  // is them first.
  // Here, not on the route: the form adds staff too, and the refusal names the way it was asked.
  requireStepUp(admin, input.invite ? "user.invite" : "user.create", { detail: { role: input.role } });
  if (input.invite) return inviteStaff(admin, input);
  const created = await createStaffAccount(input);
  return { id: created.id, email: created.email, role: created.role };
}

/** An admin creates a loan officer or another admin (the admin hands over the password in person). */
export async function createStaffAccount(input: {
  email: string;
  password: string;
  role: (typeof STAFF)[number];
}): Promise<SessionUser> {
  // Staff read customer information: their password is held to the same rule as anyone's. The admin vouches for the
  // email.
  assertStrong(input.password, [input.email]);
  const user = await newAccount({ ...input, emailVerified: true });
  // The person is named by their pseudonym: an email in the detail would enter the row's hash, beyond any erasure.
  void audit({ action: "user.create", subjectUserId: user.id, detail: { role: user.role } });
  return user;
}

/**
 * An admin invites a loan officer or another admin: the account is made with a password nobody knows (so nothing
 * signs in with one), and the person is emailed a single-use link, good for 3 days, to choose theirs. The link is a
 * password reset's, so it is hashed at rest, works once and ends with the reset's rules; it points at the configured
 * origin, never at one the request names. An email that has an account is a 409 (not a new link): a person whose
 * invitation ran out asks for one with "Forgot your password?", which proves the mailbox the same way.
 */
export async function inviteStaff(admin: SessionUser, input: { email: string; role: (typeof STAFF)[number] }) {
  // SSO-only staff: a password is no way in, so there is nothing to invite them to; their first sign-on makes the
  // account.
  if (!env.STAFF_PASSWORDS)
    throw new AppError({
      code: "sso_only",
      message:
        "invite: staff sign in with single sign-on here (STAFF_PASSWORDS=false); their first sign-on makes their account.",
      fields: {
        invite: "is not available: staff sign in with single sign-on",
      },
    });
  await limit(
    "staffInvite",
    String(admin.id),
    "You have sent many invitations in the last hour. Please try again later.",
  );
  const user = await newAccount({ ...input, password: randomBytes(32).toString("base64url") }).catch(
    (error: unknown) => {
      if (AppError.is(error) && error.code === "email_taken")
        throw new AppError({
          code: "email_taken",
          message:
            'This email already has an account. If their invitation ran out, they can use "Forgot your password?" to sign in.',
          fields: {
            email: "is already registered",
          },
        });
      throw error;
    },
  );
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000);
  const { db } = await getDatabase();
  await db.insert(passwordResets).values({ tokenHash: hash(token), userId: user.id, expiresAt });
  try {
    const url = `${appOrigin}/reset-password?token=${token}&first=1`;
    await sendMail(
      staffInvitationMessage({
        to: user.email,
        invitedBy: admin.name ?? admin.email,
        role: input.role,
        url,
        expires: expiresAt,
      }),
    );
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    // An account nobody was told about must not stay (its link with it): the admin's next try starts afresh.
    await deleteUser(user.id);
    throw new AppError({
      code: "mail_unavailable",
      message:
        "The invitation email could not be sent right now. No account was made; please try again in a few minutes.",
      retryAfter: 60,
    });
  }
  void audit({ action: "user.invite", actor: admin, subjectUserId: user.id, detail: { role: user.role } });
  return { id: user.id, email: user.email, role: user.role, invitationExpiresAt: expiresAt.toISOString() };
}

/**
 * An admin changes another account's role; it applies to that account's very next request. Its route asks for a recent
 * second factor (`stepUp: "user.role"`).
 */
export async function changeRole(admin: SessionUser, userId: number, role: Role): Promise<void> {
  if (userId === admin.id)
    throw new AppError({
      code: "invalid_request",
      message: "You cannot change your own role.",
      fields: { userId: "is your own account" },
    });
  if (!(await setRole(userId, role))) throw new AppError({ code: "not_found", message: "No user has that id." });
  // A homeowner has no API tokens: a staff member's die with the role, for good.
  const tokensRevoked = isStaff(role) ? 0 : await revokeTokensOf(userId);
  void audit({
    action: "user.role",
    actor: admin,
    subjectUserId: userId,
    detail: { role, ...(tokensRevoked ? { tokensRevoked } : {}) },
  });
}

/**
 * An admin deletes another account; its sessions stop working at once. It cannot be undone, so the admin confirms it
 * is them first (its route's `stepUp: "user.delete"`). A homeowner goes the way their own deletion goes (privacy.ts:
 * the log erased of them, their mail gone, a notice sent); staff accounts go with their rows of the log kept as they
 * are, the lender's record of who read its customers' data.
 */
export async function deleteAccount(admin: SessionUser, userId: number): Promise<void> {
  if (userId === admin.id)
    throw new AppError({
      code: "invalid_request",
      message: "You cannot delete your own account.",
      fields: {
        userId: "is your own account",
      },
    });
  if (await deleteHomeowner(userId, { reason: "admin", admin })) return;
  await endAllSessions(userId);
  if (!(await deleteUser(userId))) throw new AppError({ code: "not_found", message: "No user has that id." });
  void audit({ action: "user.delete", actor: admin, subjectUserId: userId });
}

// A reset request is answered after this long, whoever asks: the lookup and the mail happen beside the answer, so
// its time never tells whether the email has an account.
const RESET_ANSWER_MS = 400;

/**
 * Emails a single-use reset link good for 30 minutes, when the email has an account. The answer is the same either way
 * and takes the same time (so it never tells whether an email is registered): only the client address's limit is
 * checked before it; the account's lookup, its limit and the mail go on beside it (`mailed`, for the route's
 * `after()`).
 */
export async function requestPasswordReset(email: string, ip: string): Promise<{ mailed: Promise<void> }> {
  const began = Date.now();
  await limit("resetIp", ip, "Too many reset requests from your network. Please try again later.");
  const mailed = mailResetLink(email).catch((error: unknown) =>
    log.warn({ err: error }, "password reset: the link could not be sent"),
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, RESET_ANSWER_MS - (Date.now() - began))));
  return { mailed };
}

async function mailResetLink(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  // Partners' members have no password of their own; they come in through their bank.
  if (!user || user.partnerSiteId !== null) return;
  try {
    await limitAccount("resetEmail", user.email);
  } catch (error) {
    if (RateLimitedError.is(error)) return; // already sent a few: say the same, send nothing more
    throw error;
  }
  const token = randomBytes(32).toString("base64url");
  const { db } = await getDatabase();
  await db
    .insert(passwordResets)
    .values({ tokenHash: hash(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000) });
  await sendMail(
    passwordResetMessage({
      to: user.email,
      url: `${appOrigin}/reset-password?token=${token}`,
      locale: user.locale ?? "en",
    }),
  );
}

/** Sets a new password with a reset link (once), and ends every session of the account. */
export async function resetPassword(token: string, password: string): Promise<SessionUser> {
  const { db } = await getDatabase();
  const r = passwordResets;
  const live = and(eq(r.tokenHash, hash(token)), isNull(r.usedAt), gt(r.expiresAt, new Date()));
  const [pending] = await db.select().from(r).where(live);
  const refused = new AppError({
    code: "reset_link_invalid",
    message:
      "This link is not valid any more (a reset link works once, for 30 minutes; an invitation's, for 3 days). Please ask for a new one.",
    fields: {
      token: "is used, expired or unknown",
    },
  });
  if (!pending) throw refused;
  const user = await findUserById(pending.userId);
  if (!user) throw refused;
  // STAFF_PASSWORDS=false: a reset would sign staff in with a password; the link's holder owns the account, so say why.
  if (!env.STAFF_PASSWORDS && user.role !== "homeowner") {
    throw new AppError({
      code: "sso_only",
      message: "Loan officers and admins sign in with their organization's account here, not with a password.",
    });
  }
  assertStrong(password, [user.email]);
  const [used] = await db.update(r).set({ usedAt: new Date() }).where(live).returning();
  if (!used) throw refused;
  await setNewPassword(user.id, password);
  // The link proved the mailbox; an account that had never proved it loses the factors set up before (see
  // email-verification.ts).
  const factorsRemoved = await emailProvedByLink(user.id);
  // The mailbox's owner is back in: codes locked by a hundred wrong ones work again.
  await unlockFactor(user.id);
  const ended = await endAllSessions(user.id);
  // Recovering an account by its mailbox ends what a thief could have left behind: sessions and API tokens.
  const tokensRevoked = await revokeTokensOf(user.id);
  void audit({
    action: "password.reset",
    actor: user,
    detail: { sessionsEnded: ended, factorsRemoved, tokensRevoked },
  });
  return user;
}

/**
 * Sets an account's password and voids every link that could set another: an invitation's three days, or a reset
 * asked for earlier, must not outlive the password its holder chose.
 */
async function setNewPassword(userId: number, password: string): Promise<void> {
  await setPassword(userId, password);
  const { db } = await getDatabase();
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Changes the password of the signed-in account; every other session of it ends. The current password is checked
 * like a sign-in's (counted per account before it is compared): a stolen session cannot guess it.
 */
export async function changePassword(user: SessionUser, current: string, next: string): Promise<void> {
  const check = await checkCredentials(user.email, current, {});
  if (!check.ok || check.user.id !== user.id) {
    const reason = !check.ok && check.reason === "throttled" ? "throttled" : "wrong_password";
    void audit({ action: "password.change", actor: user, outcome: "refused", detail: { reason } });
    if (!check.ok && check.reason === "throttled")
      throw new AppError({
        code: "rate_limited",
        message: "Too many passwords tried. Please wait before trying again.",
        retryAfter: check.retryAfterSeconds,
      });
    throw new AppError({
      code: "wrong_password",
      message: "That is not your current password.",
      fields: {
        currentPassword: "That is not your current password.",
      },
    });
  }
  assertStrong(next, [user.email], "newPassword");
  await setNewPassword(user.id, next);
  const ended = await endAllSessions(user.id, user.sessionId);
  void audit({ action: "password.change", actor: user, detail: { sessionsEnded: ended } });
}

/** Ends every session of an account (the owner's "sign out everywhere", or an admin's). */
export async function signOutEverywhere(userId: number): Promise<number> {
  const ended = await endAllSessions(userId);
  // An incident's first step: the API tokens made in a session (perhaps a stolen one) go with the sessions.
  const tokensRevoked = await revokeTokensOf(userId);
  void audit({ action: "signout.everywhere", subjectUserId: userId, detail: { sessionsEnded: ended, tokensRevoked } });
  return ended;
}
