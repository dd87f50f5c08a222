import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { trustedDevice } from "./device";
import { userChanged } from "./session-cache";
import { decoyHash, hashPassword, verifyPassword } from "./password";
import type { Role, SessionUser } from "./roles";
import { clearAttempts, refundAttempt, takeAttempt } from "./throttle";

export type UserRow = typeof users.$inferSelect;

export const toSessionUser = (row: UserRow): SessionUser => ({ id: row.id, email: row.email, role: row.role, ownerId: row.ownerId, name: row.name });

export async function findUserById(id: number): Promise<SessionUser | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row && toSessionUser(row);
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

export async function createUser(input: { email: string; password: string; role: Role }): Promise<SessionUser> {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(users)
    .values({ email: input.email.trim().toLowerCase(), passwordHash: await hashPassword(input.password), role: input.role })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new EmailTakenError();
  return toSessionUser(row);
}

export class OwnerTakenError extends Error {
  constructor() {
    super("This home's owner record already belongs to another account");
  }
}

/**
 * Links a homeowner to the owner record they proved they own (`proof` says how). An account holds one owner record
 * and an owner record one account (a unique index): linking a record another account holds throws OwnerTakenError.
 * Linking the one the account already holds again changes nothing.
 */
export async function linkVerifiedOwner(userId: number, ownerId: string, proof: NonNullable<UserRow["ownerProof"]>, name?: string): Promise<void> {
  const { db } = await getDatabase();
  try {
    const [row] = await db
      .update(users)
      .set({ ownerId, ownerVerifiedAt: new Date(), ownerProof: proof, name: sql`coalesce(${users.name}, ${name ?? null})` })
      .where(and(eq(users.id, userId), or(isNull(users.ownerId), eq(users.ownerId, ownerId))))
      .returning({ id: users.id });
    if (!row) throw new OwnerTakenError();
    await userChanged(userId);
  } catch (error) {
    if (isUniqueViolation(error)) throw new OwnerTakenError();
    throw error;
  }
}

/** PostgreSQL's unique_violation, whichever driver (or wrapper) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === "23505") return true;
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
  const changed = (await db.update(users).set({ role }).where(eq(users.id, userId)).returning({ id: users.id })).length > 0;
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
  { ok: true; user: SessionUser; device: "trusted" | "new" } | { ok: false; reason: "invalid" } | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Checks an email and password. A wrong email and a wrong password look the same and take as long. Every attempt is
 * counted before the password is checked: per email and per client IP for browsers the account has not signed in
 * from, per device for a browser that carries the account's device cookie. Past a free allowance each key waits a
 * growing time, so guessing is slow, and the owner's own browser still gets in while strangers are throttled.
 */
export async function checkCredentials(email: string, password: string, client: { ip: string; deviceCookie?: string }): Promise<SignInResult> {
  const key = email.trim().toLowerCase();
  const device = trustedDevice(client.deviceCookie, key);
  const wait = device ? await takeAttempt("device", device) : (await takeAttempt("ip", client.ip)) || (await takeAttempt("email", key));
  if (wait) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const user = await findUserByEmail(key);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) return { ok: false, reason: "invalid" };
  if (device) await clearAttempts("device", device);
  else await Promise.all([clearAttempts("email", key), refundAttempt("ip", client.ip)]);
  return { ok: true, user: toSessionUser(user), device: device ? "trusted" : "new" };
}
