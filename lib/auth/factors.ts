import "server-only";
import { createHash, randomInt } from "node:crypto";
import { and, asc, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret } from "otpauth";
import QRCode from "qrcode";
import { getDatabase } from "@/lib/db";
import { passkeys, recoveryCodes, users } from "@/lib/db/schema";
import { open, seal } from "@/lib/security/data-key";
import { userChanged } from "./session-cache";
import { normalizeCode, totpOf, totpStep } from "./totp";
import { clearAttempts, refundAttempt, takeAttempt } from "./throttle";

const totpContext = (userId: number) => `totp:${userId}`;
const pendingContext = (userId: number) => `totp-pending:${userId}`;

export interface TotpEnrolment {
  /** The secret as text (base32), for typing into an app that cannot scan. */
  secret: string;
  /** The `otpauth://` URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG image. */
  qrSvg: string;
}

/**
 * Starts setting up an authenticator app: a new secret, kept (encrypted) as pending until a code from it is confirmed;
 * starting again replaces it. The account's current app, if any, keeps working until then.
 */
export async function startTotp(userId: number, email: string): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const { db } = await getDatabase();
  await db
    .update(users)
    .set({ totpPendingSecret: seal(secret, pendingContext(userId)) })
    .where(eq(users.id, userId));
  const uri = totpOf(secret, email).toString();
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/**
 * Confirms the pending secret with a code from it: it becomes the account's authenticator app (replacing the one
 * before) and that code is spent. Returns false when there is none pending or the code is not its own.
 */
export async function confirmTotp(userId: number, code: string): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId));
  if (!row?.pending) return false;
  const secret = open(row.pending, pendingContext(userId));
  const step = totpStep(secret, normalizeCode(code));
  if (step === undefined) return false;
  const [confirmed] = await db
    .update(users)
    .set({ totpSecret: seal(secret, totpContext(userId)), totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, row.pending)))
    .returning({ id: users.id });
  await userChanged(userId);
  return !!confirmed;
}

/** Sets an account's authenticator secret directly (the demo accounts, enrolled at start). */
export async function setTotpSecret(userId: number, secret: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(users)
    .set({ totpSecret: seal(secret, totpContext(userId)), totpPendingSecret: null })
    .where(eq(users.id, userId));
  await userChanged(userId);
}

/** Turns the authenticator app off; with no passkey left, the recovery codes go too (they stand in for a factor). */
export async function removeTotp(userId: number): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await dropRecoveryCodesWithoutFactor(userId);
  await userChanged(userId);
}

export async function dropRecoveryCodesWithoutFactor(userId: number): Promise<void> {
  const { db } = await getDatabase();
  await db
    .delete(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.totpSecret} is not null)`,
        sql`not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
      ),
    );
}

/** Removes every factor of an account (an admin's reset): it must set one up again at its next sign-in. */
export async function resetFactors(userId: number): Promise<void> {
  const { db } = await getDatabase();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.update(users).set({ factorFailures: 0, factorLockedAt: null }).where(eq(users.id, userId));
  });
  await userChanged(userId);
}

// Recovery codes: ten characters from an alphabet without look-alikes (0/O, 1/I/L), about 49 bits each, shown as
// xxxxx-xxxxx. Hashed with SHA-256: at that entropy, and with wrong codes throttled, a slow hash would add nothing.
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const hashCode = (code: string) => createHash("sha256").update(`recovery:${code}`).digest("base64url");

/** Ten new recovery codes for the account, shown this once; the ones before stop working. */
export async function newRecoveryCodes(userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  const { db } = await getDatabase();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(normalizeCode(code)) })));
  });
  return codes;
}

/** Whether the account (a row of `users` in the query) has a factor of its own: an authenticator app or a passkey. */
// Qualified by hand: drizzle writes bare column names in a one-table query, and inside the subquery a bare "id" would
// be the passkey's own.
export const hasFactorColumn = sql<boolean>`("app"."users"."totp_secret" is not null or exists (select 1 from "app"."passkeys" "p" where "p"."user_id" = "app"."users"."id"))`;

/** Whether an account has a factor of its own: then every sign-in needs it. */
export async function hasSecondFactor(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db.select({ has: hasFactorColumn }).from(users).where(eq(users.id, userId));
  return row?.has === true;
}

export interface FactorSummary {
  totp: boolean;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  recoveryCodesLeft: number;
}

export async function factorsOf(userId: number): Promise<FactorSummary> {
  const { db } = await getDatabase();
  const [[user], keys, [codes]] = await Promise.all([
    db.select({ totp: users.totpSecret }).from(users).where(eq(users.id, userId)),
    db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return {
    totp: !!user?.totp,
    passkeys: keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: codes?.left ?? 0,
  };
}

export type CodeCheck =
  | { ok: true; kind: "totp" | "recovery" }
  /** `lockedNow`: this wrong code was the hundredth in a row, and locked the account's codes (the owner is told). */
  | { ok: false; reason: "invalid"; lockedNow?: boolean }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number }
  /** The account's codes are locked until a password reset or an admin's reset of its factors. */
  | { ok: false; reason: "locked" };

/**
 * What a person whose codes are locked (FACTOR_LOCK_AFTER wrong ones in a row) reads, on the sign-in page and from the
 * API.
 */
export const FACTOR_LOCKED_WORDS =
  "This account's codes are locked after too many wrong ones in a row. Reset your password (Forgot your password?) to sign in again, or ask an admin, and we mailed you about it.";

/**
 * Wrong codes in a row after which an account's codes stop being compared at all (NIST SP 800-63B 5.2.2 allows 100).
 */
export const FACTOR_LOCK_AFTER = 100;

/**
 * Checks a one-time code (the authenticator app's, or a recovery code) for an account. Every try is counted before the
 * code is compared, per account and per client address, in one statement each (see throttle.ts): fifty guesses sent
 * at once are counted one by one and only the free few are compared. A code is good once: the app's code of a step
 * already used (or older) is refused, and a recovery code is spent in the statement that accepts it.
 */
export async function checkCode(userId: number, code: string, ip: string): Promise<CodeCheck> {
  if (await factorLocked(userId)) return { ok: false, reason: "locked" };
  const wait = (await takeAttempt("code-ip", ip)) || (await takeAttempt("code", String(userId)));
  if (wait) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const typed = normalizeCode(code);
  const kind = /^\d{6}$/.test(typed) ? await spendTotp(userId, typed) : await spendRecoveryCode(userId, typed);
  if (!kind) return { ok: false, reason: "invalid", lockedNow: await countWrongCode(userId) };
  const { db } = await getDatabase();
  await Promise.all([
    clearAttempts("code", String(userId)),
    refundAttempt("code-ip", ip),
    db.update(users).set({ factorFailures: 0 }).where(eq(users.id, userId)),
  ]);
  return { ok: true, kind };
}

async function factorLocked(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db.select({ at: users.factorLockedAt }).from(users).where(eq(users.id, userId));
  return !!row?.at;
}

/** Counts a wrong code in one statement; true when it was the one that locked the account's codes. */
async function countWrongCode(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db
    .update(users)
    .set({
      factorFailures: sql`${users.factorFailures} + 1`,
      factorLockedAt: sql`case when ${users.factorFailures} + 1 >= ${FACTOR_LOCK_AFTER} then coalesce(${users.factorLockedAt}, now()) else ${users.factorLockedAt} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.factorFailures });
  return row?.failures === FACTOR_LOCK_AFTER;
}

/** Unlocks an account's codes (a password reset from the mailbox, an admin's reset of its factors). */
export async function unlockFactor(userId: number): Promise<void> {
  const { db } = await getDatabase();
  await db.update(users).set({ factorFailures: 0, factorLockedAt: null }).where(eq(users.id, userId));
}

async function spendTotp(userId: number, code: string): Promise<"totp" | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!row?.secret) return undefined;
  const step = totpStep(open(row.secret, totpContext(userId)), code);
  if (step === undefined) return undefined;
  // Only a step after the last one used: the same code sent twice (or in parallel) is accepted once.
  const [spent] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return spent ? "totp" : undefined;
}

async function spendRecoveryCode(userId: number, code: string): Promise<"recovery" | undefined> {
  if (!/^[A-Z0-9]{10}$/.test(code)) return undefined;
  const { db } = await getDatabase();
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ hash: recoveryCodes.codeHash });
  return spent ? "recovery" : undefined;
}
