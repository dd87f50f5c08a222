import "server-only";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { verifyPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/roles";
import { userChanged } from "@/lib/auth/session-cache";
import { endAllSessions } from "@/lib/auth/sessions";
import { clearAttempts, takeAttempt } from "@/lib/auth/throttle";
import { hasSecondFactor } from "@/lib/auth/factors";
import { getDatabase } from "@/lib/db";
import { invitations, outbox, signInThrottle, upstreamCalls, users } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { log } from "@/lib/log";
import { accountDeletedMessage, DISPOSAL_SUBJECTS, retentionWarningMessage } from "@/lib/mail/messages";
import { sendMail } from "@/lib/mail/transport";
import { requireStepUp } from "@/lib/services/access";
import { audit } from "./log";
import { eraseFromAuditLog } from "./retention";
import { AppError } from "@/lib/services/errors";
import { disposalDate, retentionStep, WARNING_DAYS } from "./account-retention";

/**
 * The person asking to delete their account proves it is them again: an account with a second factor gives it (a
 * step-up in the last STEP_UP_MINUTES), any other its password, whose tries count against the sign-in throttle of its
 * email so a stolen session cannot guess it.
 */
export async function confirmDeletion(user: SessionUser, password: string | undefined): Promise<void> {
  if (await hasSecondFactor(user.id)) return requireStepUp(user, "account.delete");
  if (!password)
    throw new AppError({
      code: "invalid_request",
      message: "password is required to delete your account",
      fields: {
        password: "is required",
      },
    });
  const key = user.email.toLowerCase();
  const wait = await takeAttempt("email", key);
  if (wait)
    throw new AppError({
      code: "rate_limited",
      message: "Too many wrong passwords. Please wait before trying again.",
      retryAfter: wait,
    });
  const { db } = await getDatabase();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    void audit({ action: "account.delete", outcome: "refused", detail: { reason: "wrong_password" } });
    throw new AppError({
      code: "wrong_password",
      message: "password: that is not your password",
      fields: {
        password: "is not your password",
      },
    });
  }
  await clearAttempts("email", key);
}

/** Why a homeowner's account goes: their own request, the daily disposal of unused accounts, or an admin's act. */
export type Deletion = { reason: "request" } | { reason: "disposal" } | { reason: "admin"; admin: SessionUser };

/**
 * Deletes a homeowner's account and what is theirs, whoever asks (the person, the disposal job, an admin): one path,
 * the same effects. Sessions, passkeys, factors, claims and proofs (their homes may be proved again by anyone),
 * figures, events, mail choices, letters and the copies of mail sent to them all go with the account's row (most by
 * the database's cascades). What belongs to the lender stays without the link: invitations an officer sent
 * (accepted_by emptied, and so the client record's link), and the meter's counts. The activity log keeps its rows, the
 * person's id, email and address erased (every row of the account, and every row carrying their email, such as a
 * refused sign-in with no account behind it) after this deletion's own row is written, so the chain still verifies.
 * Returns false when there was no such homeowner (deleted meanwhile, or staff: admins remove those).
 */
export async function deleteHomeowner(userId: number, deletion: Deletion | "request" | "disposal"): Promise<boolean> {
  const how: Deletion = typeof deletion === "string" ? { reason: deletion } : deletion;
  const { db } = await getDatabase();
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.role !== "homeowner") return false;
  await endAllSessions(user.id);
  const deleted = await db.transaction(async (tx) => {
    await tx.update(invitations).set({ acceptedBy: null }).where(eq(invitations.acceptedBy, user.id));
    await tx.update(upstreamCalls).set({ userId: null }).where(eq(upstreamCalls.userId, user.id));
    await tx
      .delete(outbox)
      .where(and(eq(outbox.kind, "email"), sql`lower(${outbox.recipient}) = ${user.email.toLowerCase()}`));
    await tx.delete(signInThrottle).where(eq(signInThrottle.key, `email:${user.email.toLowerCase()}`));
    return (
      (
        await tx
          .delete(users)
          .where(and(eq(users.id, user.id), eq(users.role, "homeowner")))
          .returning({ id: users.id })
      ).length > 0
    );
  });
  await userChanged(user.id);
  if (!deleted) return false;
  // The deletion is recorded as the person's own act (or the job's, or the admin's, with the account as its subject),
  // and only then are the person's details erased from every row, this one included.
  await audit(
    how.reason === "request"
      ? { action: "account.delete", actor: { id: user.id, email: user.email, role: user.role } }
      : how.reason === "admin"
        ? { action: "user.delete", actor: how.admin, subjectUserId: user.id, detail: { role: user.role } }
        : { action: "account.dispose", actor: null, subjectUserId: user.id },
  );
  await eraseFromAuditLog(user.id, user.email);
  // The account is gone either way; a notice that could not be sent is logged (and kept in the outbox as failed).
  await sendMail(accountDeletedMessage({ to: user.email, reason: how.reason, locale: user.locale ?? "en" })).catch(
    (error: unknown) => log.error({ err: error, userId: user.id }, "privacy: the deletion notice could not be sent"),
  );
  log.info({ userId: user.id, reason: how.reason }, "privacy: account deleted");
  return true;
}

/**
 * The daily disposal (Safeguards Rule 314.4(c)(6)): homeowner accounts nobody signed in to and we mailed nothing for
 * RETENTION_DAYS are deleted, each after a warning email WARNING_DAYS before (see account-retention.ts). The disposal's
 * own mail does not count as use.
 */
export async function disposeIdleAccounts(
  now = new Date(),
  days = env.RETENTION_DAYS,
): Promise<{ warned: number; disposed: number; withdrawn: number }> {
  const { db } = await getDatabase();
  const lastMail = db
    .select({
      recipient: sql<string>`lower(${outbox.recipient})`.as("recipient"),
      at: sql<Date>`max(${outbox.createdAt})`.as("at"),
    })
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), notInArray(outbox.subject, [...DISPOSAL_SUBJECTS])))
    .groupBy(sql`lower(${outbox.recipient})`)
    .as("last_mail");
  // greatest() passes over the null of an account never mailed.
  const lastUse = sql`greatest(${users.lastSignInAt}, ${lastMail.at})`;
  // Only accounts already within the notice, or warned: the rest have nothing to do today.
  const candidates = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      lastUseMs: sql<number>`extract(epoch from ${lastUse}) * 1000`.mapWith(Number),
      warnedAt: users.retentionWarnedAt,
    })
    .from(users)
    .leftJoin(lastMail, sql`${lastMail.recipient} = lower(${users.email})`)
    .where(
      and(
        eq(users.role, "homeowner"),
        sql`(${users.retentionWarnedAt} is not null or ${lastUse} < ${now.toISOString()}::timestamptz - make_interval(days => ${days - WARNING_DAYS}))`,
      ),
    );
  const done = { warned: 0, disposed: 0, withdrawn: 0 };
  for (const account of candidates) {
    const lastUsed = new Date(account.lastUseMs);
    const step = retentionStep({ lastUse: lastUsed, warnedAt: account.warnedAt }, now, days);
    // One account's failure (the mail server refusing a warning) leaves it for tomorrow's run, not the others.
    try {
      if (step === "warn") {
        // Marked warned only once the warning is sent: no deletion ever comes without its notice.
        await sendMail(
          retentionWarningMessage({
            to: account.email,
            lastUse: lastUsed,
            deleteOn: disposalDate(lastUsed, now, days),
            origin: appOrigin,
            locale: account.locale ?? "en",
          }),
        );
        await db.update(users).set({ retentionWarnedAt: now }).where(eq(users.id, account.id));
        void audit({ action: "account.dispose_warning", actor: null, subjectUserId: account.id });
        done.warned += 1;
      } else if (step === "withdraw_warning") {
        await db.update(users).set({ retentionWarnedAt: null }).where(eq(users.id, account.id));
        done.withdrawn += 1;
      } else if (step === "dispose" && (await deleteHomeowner(account.id, "disposal"))) {
        done.disposed += 1;
      }
    } catch (error) {
      log.error({ err: error, userId: account.id, step }, "privacy: disposal step failed; tomorrow's run tries again");
    }
  }
  return done;
}
