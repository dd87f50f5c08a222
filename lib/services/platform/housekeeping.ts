import "server-only";
import { and, lt, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import {
  ownershipLetters,
  partnerTokenUses,
  passwordResets,
  sessions,
  signInThrottle,
  webhookDeliveries,
} from "@/lib/db/schema";

/**
 * Rows that no longer mean anything: ended sessions, reset links and partner tokens past their time, sign-in counters
 * already forgotten, and letters older than the period their limit counts (a live code is never touched). Run daily
 * by the job engine; safe to run twice.
 */
export async function sweepExpiredRows(): Promise<Record<string, number>> {
  const { db } = await getDatabase();
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await count(
      db
        .delete(sessions)
        .where(lt(sessions.expiresAt, sql`now()`))
        .returning({ id: sessions.id }),
    ),
    passwordResets: await count(
      db
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, sql`now() - interval '1 day'`))
        .returning({ id: passwordResets.tokenHash }),
    ),
    partnerTokenUses: await count(
      db
        .delete(partnerTokenUses)
        .where(lt(partnerTokenUses.expiresAt, sql`now()`))
        .returning({ id: partnerTokenUses.jti }),
    ),
    signInThrottle: await count(
      db
        .delete(signInThrottle)
        .where(
          and(
            lt(signInThrottle.blockedUntil, sql`now()`),
            lt(signInThrottle.lastAttemptAt, sql`now() - interval '1 day'`),
          ),
        )
        .returning({ id: signInThrottle.key }),
    ),
    // Letters count towards "three a month" for 30 days after they are sent, and a code is good for 30 days.
    ownershipLetters: await count(
      db
        .delete(ownershipLetters)
        .where(
          and(
            lt(ownershipLetters.createdAt, sql`now() - interval '31 days'`),
            lt(ownershipLetters.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: ownershipLetters.id }),
    ),
    // A webhook delivery log keeps 30 days (its retries end after 3): the payloads name homes and people's leads.
    webhookDeliveries: await count(
      db
        .delete(webhookDeliveries)
        .where(lt(webhookDeliveries.createdAt, sql`now() - interval '30 days'`))
        .returning({ id: webhookDeliveries.id }),
    ),
  };
}
