import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { accountOwners, users, type OwnerProof } from "@/lib/db/schema";
import { trustedDevice } from "./device";
import { ownerIdsColumn } from "./owner-ids";
import { userChanged } from "./session-cache";
import { decoyHash, hashPassword, verifyPassword } from "./password";
import type { Role, SessionUser } from "./roles";
import { clearAttempts, refundAttempt, takeAttempt } from "./throttle";

/** An account as read from the database, with the owner records it proved are its own (oldest first). */
export type UserRow = typeof users.$inferSelect & { ownerIds: string[] };

export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  ownerIds: row.ownerIds,
  name: row.name,
  ...(row.locale ? { locale: row.locale } : {}),
});

const withOwners = (row: { user: typeof users.$inferSelect; ownerIds: string[] } | undefined): UserRow | undefined =>
  row && { ...row.user, ownerIds: row.ownerIds };

export async function findUserById(id: number): Promise<SessionUser | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select({ user: users, ownerIds: ownerIdsColumn }).from(users).where(eq(users.id, id));
  const user = withOwners(row);
  return user && toSessionUser(user);
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ user: users, ownerIds: ownerIdsColumn })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return withOwners(row);
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

/**
 * A new account. `emailVerified`: someone vouches for the email (an admin making staff, a link mailed there and used).
 */
export async function createUser(input: {
  email: string;
  password: string;
  role: Role;
  emailVerified?: boolean;
  locale?: SessionUser["locale"];
}): Promise<SessionUser> {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      // The reader's language at sign-up (undefined: none chosen yet, the request's language decides).
      locale: input.locale ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new EmailTakenError();
  return toSessionUser({ ...row, ownerIds: [] });
}

export class OwnerTakenError extends Error {
  constructor() {
    super("This home's owner record already belongs to another account");
  }
}

/**
 * Links a homeowner to an owner record they proved they own (`proof` says how). An account may hold several owner
 * records, an owner record one account (its key): linking a record another account holds throws OwnerTakenError.
 * Linking one the account already holds again changes nothing.
 */
export async function linkVerifiedOwner(
  userId: number,
  ownerId: string,
  proof: OwnerProof,
  name?: string,
): Promise<void> {
  const { db } = await getDatabase();
  const [linked] = await db
    .insert(accountOwners)
    .values({ ownerId, userId, proof })
    .onConflictDoNothing()
    .returning({ userId: accountOwners.userId });
  if (!linked) {
    const [holder] = await db
      .select({ userId: accountOwners.userId })
      .from(accountOwners)
      .where(eq(accountOwners.ownerId, ownerId));
    if (holder?.userId !== userId) throw new OwnerTakenError();
  }
  if (name)
    await db
      .update(users)
      .set({ name: sql`coalesce(${users.name}, ${name})` })
      .where(eq(users.id, userId));
  await userChanged(userId);
}

/** PostgreSQL's unique_violation, whichever driver (or wrapper) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

/** Sets a new password (already checked against the policy). */
export async function setPassword(userId: number, password: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  await userChanged(userId);
}

/** Changes a role; false when no such user. Sessions re-read the user, so it applies to the next request. */
export async function setRole(userId: number, role: Role): Promise<boolean> {
  const { db } = await getDatabase();
  const changed =
    (await db.update(users).set({ role }).where(eq(users.id, userId)).returning({ id: users.id })).length > 0;
  await userChanged(userId);
  return changed;
}

/** Deletes an account; false when no such user. Its sessions stop working at the next request. */
export async function deleteUser(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  const deleted = (await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id })).length > 0;
  await userChanged(userId);
  return deleted;
}

export type SignInResult =
  | { ok: true; user: SessionUser; device: "trusted" | "new" }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Checks an email and password. A wrong email and a wrong password look the same and take as long. Every attempt is
 * counted before the password is checked: per email and per client IP for browsers the account has not signed in
 * from, per device for a browser that carries the account's device cookie. Past a free allowance each key waits a
 * growing time, so guessing is slow, and the owner's own browser still gets in while strangers are throttled.
 */
export async function checkCredentials(
  email: string,
  password: string,
  client: { ip?: string; deviceCookie?: string },
): Promise<SignInResult> {
  const key = email.trim().toLowerCase();
  const device = trustedDevice(client.deviceCookie, key);
  // No client address: a signed-in session giving its own password again (a re-authentication, a password change),
  // which can only ever guess at its own account: counted per account alone.
  const wait = device
    ? await takeAttempt("device", device)
    : (client.ip !== undefined && (await takeAttempt("ip", client.ip))) || (await takeAttempt("email", key));
  if (wait) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const user = await findUserByEmail(key);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) return { ok: false, reason: "invalid" };
  if (device) await clearAttempts("device", device);
  else
    await Promise.all([
      clearAttempts("email", key),
      client.ip !== undefined ? refundAttempt("ip", client.ip) : undefined,
    ]);
  return { ok: true, user: toSessionUser(user), device: device ? "trusted" : "new" };
}
