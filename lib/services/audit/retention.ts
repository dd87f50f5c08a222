import "server-only";
import { and, asc, eq, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { auditDeadLetters, auditEvents } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { requestContext } from "@/lib/log";
import { audit, auditSettled } from "./log";
import { logText } from "./chain";

// The log's disposal: a person's data erased with their account, and rows past the retention time swept.

/** Ids as ranges, "1-3,7,9-12", each range string at most `limit` long (a detail value is capped). */
export function idRanges(ids: readonly number[], limit = 1_500): string[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  const chunks: string[] = [];
  for (const part of parts) {
    const last = chunks.at(-1);
    if (last !== undefined && last.length + part.length + 1 <= limit) chunks[chunks.length - 1] = `${last},${part}`;
    else chunks.push(part);
  }
  return chunks;
}

/**
 * Erases a person's personal data from the log (their account's deletion): every row of their account, and every row
 * carrying their email (a refused sign-in as typed, with no account behind it). The rows stay, with the person's
 * pseudonym, and the chain still verifies because their seal is kept; the erasure is itself a row naming the rows it
 * blanked, so a blank made any other way is told apart by verify.
 */
export async function eraseFromAuditLog(userId: number, email?: string): Promise<number> {
  await auditSettled();
  const { db } = await getDatabase();
  const whose = email
    ? or(eq(auditEvents.actorId, userId), sql`lower(${auditEvents.actorEmail}) = ${logText(email.toLowerCase(), 320)}`)
    : eq(auditEvents.actorId, userId);
  const erased = await db
    .update(auditEvents)
    .set({ actorId: null, actorEmail: null, ip: null, piiSalt: null })
    .where(and(whose, isNotNull(auditEvents.piiSalt)))
    .returning({ id: auditEvents.id });
  // Rows set aside (app.audit_dead_letters) are the same person's data: they go with the erasure.
  const personal = [
    `"actorId":${userId},`,
    ...(email ? [`"actorEmail":${JSON.stringify(logText(email.toLowerCase(), 320))}`] : []),
  ];
  await db
    .delete(auditDeadLetters)
    .where(
      or(...personal.map((needle) => sql`position(${needle.toLowerCase()} in lower(${auditDeadLetters.payload})) > 0`)),
    );
  const ranges = idRanges(erased.map((row) => row.id));
  // Outside the request's context: the erasure's own row must not carry the client address of the person leaving.
  await requestContext.exit(() =>
    Promise.all(
      ranges.map((rows) =>
        audit({ action: "audit.erase", actor: null, subjectUserId: userId, detail: { rows, count: erased.length } }),
      ),
    ),
  );
  return erased.length;
}

/**
 * Removes rows older than AUDIT_RETENTION_DAYS (the daily housekeeping job): the oldest run of rows all past the time,
 * up to the first row that is not, so what is kept starts where the removal ended and one row whose time was moved
 * back cannot take the newer rows before it along. The sweep is itself a row naming the last hash it removed, so
 * verify tells a sweep's gap from rows dropped by anyone else.
 */
export async function sweepAuditEvents(days = env.AUDIT_RETENTION_DAYS): Promise<number> {
  await auditSettled();
  const { db } = await getDatabase();
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const removed = await db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(gte(auditEvents.at, cutoff))
      .orderBy(asc(auditEvents.id))
      .limit(1);
    const old = and(lt(auditEvents.at, cutoff), kept ? lt(auditEvents.id, kept.id) : undefined);
    return tx.delete(auditEvents).where(old).returning({ id: auditEvents.id, hash: auditEvents.hash });
  });
  // Rows set aside are kept no longer than the log's own.
  await db.delete(auditDeadLetters).where(lt(auditDeadLetters.at, cutoff));
  if (!removed.length) return 0;
  const newest = removed.reduce((a, b) => (b.id > a.id ? b : a));
  const oldest = removed.reduce((a, b) => (b.id < a.id ? b : a));
  await audit({
    action: "audit.sweep",
    actor: null,
    detail: { removed: removed.length, fromId: oldest.id, toId: newest.id, lastHash: newest.hash },
  });
  return removed.length;
}
