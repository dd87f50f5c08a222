import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { signInFailures, users } from "@/lib/db/schema";
import { decoyHash, hashPassword, verifyPassword } from "./password";
import type { Role, SessionUser } from "./roles";

export type UserRow = typeof users.$inferSelect;

const toSessionUser = (row: UserRow): SessionUser => ({ id: row.id, email: row.email, role: row.role, ownerId: row.ownerId, name: row.name });

export async function findUserById(id: number): Promise<SessionUser | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row && toSessionUser(row);
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
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

/** Links a homeowner to their owner record once; a second link keeps the first. Returns the owner id in force. */
export async function linkOwner(userId: number, ownerId: string, name?: string): Promise<string> {
  const { db } = await getDatabase();
  const [row] = await db
    .update(users)
    .set({ ownerId: sql`coalesce(${users.ownerId}, ${ownerId})`, name: sql`coalesce(${users.name}, ${name ?? null})` })
    .where(eq(users.id, userId))
    .returning();
  return row!.ownerId!;
}

/** Changes a role; false when no such user. Sessions re-read the user, so it applies to the next request. */
export async function setRole(userId: number, role: Role): Promise<boolean> {
  const { db } = await getDatabase();
  return (await db.update(users).set({ role }).where(eq(users.id, userId)).returning({ id: users.id })).length > 0;
}

/** Deletes an account; false when no such user. Its sessions stop working at the next request. */
export async function deleteUser(userId: number): Promise<boolean> {
  const { db } = await getDatabase();
  return (await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id })).length > 0;
}

/** After this many failures in a row, sign-in for the email is locked for LOCK_MINUTES. */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

export type SignInResult = { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "locked"; retryAfterSeconds?: number };

/**
 * Checks an email and password. A wrong email and a wrong password look the same to the caller and take as long;
 * repeated failures slow down (a growing delay) and then lock the email for a while.
 */
export async function checkCredentials(email: string, password: string): Promise<SignInResult> {
  const { db } = await getDatabase();
  const key = email.trim().toLowerCase();
  const [failure] = await db.select().from(signInFailures).where(eq(signInFailures.email, key));
  if (failure?.lockedUntil && failure.lockedUntil.getTime() > Date.now()) {
    return { ok: false, reason: "locked", retryAfterSeconds: Math.ceil((failure.lockedUntil.getTime() - Date.now()) / 1000) };
  }
  const user = await findUserByEmail(key);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (user && valid) {
    if (failure) await db.delete(signInFailures).where(eq(signInFailures.email, key));
    return { ok: true, user: toSessionUser(user) };
  }
  const failures = (failure?.lockedUntil ? 0 : (failure?.failures ?? 0)) + 1;
  const lockedUntil = failures >= MAX_FAILURES ? new Date(Date.now() + LOCK_MINUTES * 60_000) : null;
  await db
    .insert(signInFailures)
    .values({ email: key, failures, lockedUntil })
    .onConflictDoUpdate({ target: signInFailures.email, set: { failures, lockedUntil, lastFailureAt: new Date() } });
  // Back-off: each failure in a row makes the next answer slower.
  await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 150 * 2 ** (failures - 1))));
  return lockedUntil ? { ok: false, reason: "locked", retryAfterSeconds: LOCK_MINUTES * 60 } : { ok: false, reason: "invalid" };
}
