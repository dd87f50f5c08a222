import "server-only";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { signInThrottle } from "@/lib/db/schema";
import { countSignInThrottle } from "@/lib/observability/metrics";

/**
 * Attempts allowed without waiting, per kind of key; past them each attempt waits twice as long as the last. Passwords
 * per email, client address and device (see users.ts); second-factor codes per account and client address.
 */
export const FREE_ATTEMPTS = { email: 5, ip: 20, device: 10, code: 5, "code-ip": 20 } as const;
const MAX_WAIT_SECONDS = 15 * 60;
/** A key whose last attempt is older than this starts again from zero. */
const FORGET_AFTER = "24 hours";

export type ThrottleKind = keyof typeof FREE_ATTEMPTS;

/**
 * Counts an attempt for a key before the password is checked, in one statement: the row is updated only when the
 * key is not waiting, so guesses sent in parallel are counted one by one and only the allowed ones go through.
 * Returns 0 when the attempt may go ahead, else the seconds left to wait.
 */
export async function takeAttempt(kind: ThrottleKind, value: string): Promise<number> {
  const { db } = await getDatabase();
  const key = `${kind}:${value}`;
  const free = FREE_ATTEMPTS[kind];
  const t = signInThrottle;
  const next = sql`case when ${t.lastAttemptAt} < now() - interval '${sql.raw(FORGET_AFTER)}' then 1 else ${t.attempts} + 1 end`;
  const [taken] = await db
    .insert(t)
    .values({ key, attempts: 1, blockedUntil: sql`now()`, lastAttemptAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        attempts: next,
        blockedUntil: sql`now() + make_interval(secs => least(${MAX_WAIT_SECONDS}, case when ${next} <= ${free} then 0 else power(2, ${next} - ${free}) end))`,
        lastAttemptAt: sql`now()`,
      },
      setWhere: sql`${t.blockedUntil} <= now()`,
    })
    .returning({ attempts: t.attempts });
  if (taken) return 0;
  countSignInThrottle(kind);
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from ${t.blockedUntil} - now()))::int` })
    .from(t)
    .where(sql`${t.key} = ${key}`);
  return Math.max(1, row?.wait ?? 1);
}

/** Forgets a key's attempts (after a successful sign-in through it). */
export async function clearAttempts(kind: ThrottleKind, value: string): Promise<void> {
  const { db } = await getDatabase();
  await db.delete(signInThrottle).where(sql`${signInThrottle.key} = ${`${kind}:${value}`}`);
}

/** Gives back the attempt a successful sign-in took from a shared key (a client IP counts failures, not people). */
export async function refundAttempt(kind: ThrottleKind, value: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(signInThrottle)
    .set({ attempts: sql`greatest(${signInThrottle.attempts} - 1, 0)` })
    .where(sql`${signInThrottle.key} = ${`${kind}:${value}`}`);
}
