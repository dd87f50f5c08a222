import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { userChanged } from "@/lib/auth/session-cache";
import { endAllSessions } from "@/lib/auth/sessions";
import { createUser, findUserByEmail, findUserById, setPassword } from "@/lib/auth/users";
import { weakPasswordReason } from "@/lib/auth/password-policy";
import { getDatabase } from "@/lib/db";
import { accountOwners, invitations } from "@/lib/db/schema";
import { appOrigin } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { invitationMessage } from "@/lib/mail/messages";
import { MailError, sendMail } from "@/lib/mail/transport";
import { audit, by } from "@/lib/services/audit/log";
import { emailProvedByLink } from "./email-verification";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { deedCheck, proveOwnership } from "@/lib/services/homes/ownership";
import { ownerRecord, propertyFacts, type Person } from "@/lib/services/homes/properties";

const INVITATION_DAYS = 7;
const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * A loan officer (or admin) invites a client to one home: the deed must name the client, the owner record is made,
 * and a single-use link good for 7 days is emailed. Whoever opens it proves control of that email, which is the
 * officer's vouching that the person owns the home.
 */
export async function invite(
  caller: Caller & { user: SessionUser },
  input: Person & { email: string; locale?: Locale },
) {
  const locale = input.locale ?? "en";
  const { key } = await deedCheck(caller, input, "client");
  const ownerId = await ownerRecord(caller, input, key);
  const { address } = await propertyFacts(caller, input.address);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const { db } = await getDatabase();
  const [row] = await db
    .insert(invitations)
    .values({
      tokenHash: hash(token),
      email: input.email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      address,
      ownerId,
      invitedBy: caller.user.id,
      locale,
      expiresAt,
    })
    .returning({ id: invitations.id });
  try {
    await sendMail(
      invitationMessage({
        to: input.email,
        name: input.firstName.trim(),
        address,
        url: `${appOrigin}/invite?token=${token}`,
        invitedBy: caller.user.name ?? caller.user.email,
        expires: expiresAt,
        locale,
      }),
    );
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    // An invitation nobody received must not stay good: the next try makes a new one.
    await db.delete(invitations).where(eq(invitations.id, row!.id));
    throw new AppError({
      code: "mail_unavailable",
      message: "The invitation email could not be sent right now. Nothing was sent; please try again in a few minutes.",
      retryAfter: 60,
    });
  }
  void audit({
    action: "client.invite",
    ...by(caller),
    ownerId,
    address,
    addressKey: key,
    detail: { invitationId: row!.id },
  });
  return { id: row!.id, email: input.email, address, expiresAt: expiresAt.toISOString() };
}

async function openInvitation(token: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hash(token)));
  if (!row)
    throw new AppError({
      code: "invitation_not_found",
      message:
        "This invitation link is not valid. Please check that you copied all of it, or ask your loan officer for a new one.",
    });
  if (row.acceptedAt)
    throw new AppError({
      code: "invitation_used",
      message:
        "This invitation was already used. Sign in with the account it created, or ask your loan officer for a new one.",
    });
  if (row.expiresAt.getTime() <= Date.now())
    throw new AppError({
      code: "invitation_expired",
      message: "This invitation has expired (they last 7 days). Please ask your loan officer for a new one.",
    });
  return row;
}

/** What the invitation page shows: who it is for, which home, and whether the email already has an account. */
export async function invitationPreview(token: string) {
  const row = await openInvitation(token);
  const account = await findUserByEmail(row.email);
  return {
    email: row.email,
    name: `${row.firstName} ${row.lastName}`,
    address: row.address,
    hasAccount: !!account,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation once: makes the account (with the password chosen here) or uses the one the email already
 * has (setting the password chosen here and ending its other sessions), and links the home as proved by invitation,
 * beside any the account proved before. Used by two people at once, it works for one.
 */
export async function acceptInvitation(token: string, password: string | undefined): Promise<SessionUser> {
  const preview = await openInvitation(token);
  const existing = await findUserByEmail(preview.email);
  if (existing && existing.role !== "homeowner")
    throw new AppError({
      code: "not_a_homeowner",
      message: "This email belongs to a staff account; invitations are for homeowners.",
    });
  // A password always, for an existing account too: anyone may sign up with any email without proving it is theirs,
  // so an account of this email may be a stranger's, made (with a password they know) before the invitation was sent.
  // The link proves control of the mailbox, as a reset link does: its password replaces the account's, and every
  // other session of the account ends, so nobody else is left holding the proved home.
  if (!password)
    throw new AppError({
      code: "invalid_request",
      message: "password: choose a password for your account",
      fields: {
        password: "is required",
      },
    });
  const weak = weakPasswordReason(password, [preview.email, preview.firstName, preview.lastName]);
  if (weak) throw new AppError({ code: "weak_password", message: weak, fields: { password: weak } });
  const { db } = await getDatabase();
  // A home another account proved is refused before anything of the account changes (its password, factors, sessions).
  const [holder] = await db
    .select({ userId: accountOwners.userId })
    .from(accountOwners)
    .where(eq(accountOwners.ownerId, preview.ownerId));
  if (holder && holder.userId !== existing?.id)
    throw new AppError({
      code: "owner_taken",
      message:
        "Another account has already proved it owns this home. If it is yours, please contact us so we can look into it.",
    });
  const [taken] = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, preview.id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .returning();
  if (!taken)
    throw new AppError({
      code: "invitation_used",
      message:
        "This invitation was already used. Sign in with the account it created, or ask your loan officer for a new one.",
    });
  try {
    // An existing account is made the mailbox owner's alone before the home is linked to it.
    // The link proves the mailbox: an account that had never proved its email loses every factor set up before (a
    // stranger's passkey planted on the owner's email must not outlive the owner's arrival).
    if (existing) {
      await setPassword(existing.id, password);
      await emailProvedByLink(existing.id);
      await endAllSessions(existing.id);
    }
    // The language the officer chose for the client is the new account's; an account of the email keeps its own choice.
    const user = existing
      ? { id: existing.id }
      : await createUser({
          email: preview.email,
          password,
          role: "homeowner",
          emailVerified: true,
          locale: preview.locale,
        });
    await proveOwnership(user.id, preview.ownerId, "invitation", `${preview.firstName} ${preview.lastName}`);
    await db.update(invitations).set({ acceptedBy: user.id }).where(eq(invitations.id, preview.id));
    await userChanged(user.id); // their dashboard names the officer now
    return (await findUserById(user.id))!;
  } catch (error) {
    // Nothing was linked: the link stays good for a second try (after the conflict is sorted out).
    await db.update(invitations).set({ acceptedAt: null }).where(eq(invitations.id, preview.id));
    throw error;
  }
}
