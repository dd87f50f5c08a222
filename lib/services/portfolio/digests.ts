import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDatabase } from "@/lib/db";
import { accountOwners, invitations, mailDeliveries, mailPreferences, users } from "@/lib/db/schema";
import { appOrigin, brand } from "@/lib/env";
import { formatsFor } from "@/lib/format";
import { log } from "@/lib/log";
import { homeownerDigestMessage } from "@/lib/mail/digest";
import { sendMail } from "@/lib/mail/transport";
import { unsubscribeHeaders, unsubscribeUrl, validUnsubscribe, type MailingKind } from "@/lib/mail/unsubscribe";
import type { SessionUser } from "@/lib/auth/roles";
import type { Locale } from "@/lib/i18n/locales";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { localeOfUser } from "@/lib/services/identity/locale";
import { homeownerCard } from "./officers";
import { ownerData } from "@/lib/services/homes/owners";

export interface MailPreferences {
  monthlyDigest: boolean;
  dailySummary: boolean;
}

export async function mailPreferencesOf(userId: number): Promise<MailPreferences> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return { monthlyDigest: row?.monthlyDigest ?? true, dailySummary: row?.dailySummary ?? true };
}

export async function setMailPreferences(userId: number, change: Partial<MailPreferences>): Promise<MailPreferences> {
  const { db } = await getDatabase();
  const next = { ...(await mailPreferencesOf(userId)), ...change };
  await db
    .insert(mailPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...next, updatedAt: sql`now()` } });
  return next;
}

/**
 * A one-click unsubscribe (RFC 8058) or the unsubscribe page's button: the link's signature is the only proof asked.
 */
export async function unsubscribe(userId: number, kind: MailingKind, token: string): Promise<void> {
  if (!validUnsubscribe(userId, kind, token))
    throw new AppError({
      code: "invalid_link",
      message: "This unsubscribe link is not valid.",
      fields: {
        t: "is not this link's signature",
      },
    });
  // A link outlives its account: once the account is deleted there is nothing left to send (and no row to keep).
  const { db } = await getDatabase();
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) return;
  await setMailPreferences(userId, kind === "monthly_digest" ? { monthlyDigest: false } : { dailySummary: false });
  log.info({ userId, kind }, "mail: unsubscribed");
}

/** The month a digest is about, as `2026-12`. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * Homeowners the digest is for: who proved a home and hold their email, however they came (an officer's invitation or
 * signing up alone: it comes from their loan officer, else the lender; /account says so and is where it is turned on
 * or off). A home proved by a mailed letter proves the address, not the mailbox: the digest carries what they owe and
 * what they could borrow, so an email nobody confirmed (a typo, someone else's) gets none of it.
 */
async function digestAudience(where: { userId?: number; wanted: boolean }): Promise<number[]> {
  const { db } = await getDatabase();
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .innerJoin(accountOwners, eq(accountOwners.userId, users.id))
    .where(
      and(
        eq(users.role, "homeowner"),
        isNotNull(users.emailVerifiedAt),
        where.userId === undefined ? undefined : eq(users.id, where.userId),
        where.wanted ? sql`coalesce(${mailPreferences.monthlyDigest}, true)` : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** Who gets the monthly digest: the homeowners it is for (above), unless they unsubscribed. */
export const digestRecipients = () => digestAudience({ wanted: true });

/** Whether the monthly digest is for this account at all (it has a proved home), whatever its choice. */
export async function digestIsFor(userId: number): Promise<boolean> {
  return (await digestAudience({ userId, wanted: false })).length > 0;
}

/** Who a digest goes to, and from which officer: the account and the officer who invited it, if any. */
async function digestPerson(userId: number) {
  const { db } = await getDatabase();
  const officers = alias(users, "officer");
  const [person] = await db
    .select({ id: users.id, email: users.email, officerName: officers.name, officerEmail: officers.email })
    .from(users)
    .leftJoin(invitations, eq(invitations.acceptedBy, users.id))
    .leftJoin(officers, eq(officers.id, invitations.invitedBy))
    .where(eq(users.id, userId))
    .orderBy(desc(invitations.acceptedAt))
    .limit(1);
  const owned = await db
    .select({ ownerId: accountOwners.ownerId })
    .from(accountOwners)
    .where(eq(accountOwners.userId, userId));
  return person && owned.length ? { ...person, ownerIds: owned.map(({ ownerId }) => ownerId) } : undefined;
}

/**
 * An account's digest for a month, in its language: its proved homes' value, loans and equity. Undefined when it has
 * no home with figures to tell. One owner-data call (cached and metered like every other) per owner record.
 */
async function digestOf(
  person: NonNullable<Awaited<ReturnType<typeof digestPerson>>>,
  period: string,
  caller: Caller,
  language?: Locale,
) {
  const data = await ownerData(caller, person.ownerIds);
  const homes = data.properties.flatMap((property) => {
    const equity = property.equity;
    if (!equity) return [];
    return [
      {
        address: property.facts.address,
        estimate: property.facts.estimate,
        loans: equity.totalLoanBalance,
        equity: equity.totalEquity,
        available: equity.availableEquity,
        maxLtv: equity.maxLtv,
      },
    ];
  });
  if (homes.length === 0) return undefined;
  const locale = language ?? (await localeOfUser(person.id));
  return homeownerDigestMessage({
    to: person.email,
    locale,
    month: formatsFor(locale).month(period),
    homes,
    card: await homeownerCard(person.id).catch(() => null),
    officer: person.officerEmail
      ? { name: person.officerName ?? person.officerEmail, email: person.officerEmail }
      : undefined,
    dashboardUrl: new URL("/dashboard", appOrigin).href,
    preferencesUrl: new URL("/account#email", appOrigin).href,
    unsubscribeUrl: unsubscribeUrl(person.id, "monthly_digest"),
    headers: unsubscribeHeaders(person.id, "monthly_digest"),
    brand,
    origin: appOrigin,
  });
}

/**
 * This month's digest as the homeowner would receive it, whether or not they get it by mail (what the account page
 * shows them before they choose), in the language they read the page in. Undefined when no proved home has figures yet.
 */
export async function digestPreview(
  caller: Caller & { user: SessionUser },
  locale: Locale,
): Promise<{ subject: string; html: string } | undefined> {
  const person = await digestPerson(caller.user.id);
  if (!person) return undefined;
  const message = await digestOf(person, new Date().toISOString().slice(0, 7), caller, locale);
  return message && { subject: message.subject, html: message.html };
}

/**
 * Sends one homeowner their digest for a month, once: the delivery is recorded first (a second run of the same job
 * finds it and sends nothing) and forgotten again if the mail server refuses, so that the retry sends it.
 */
export async function sendMonthlyDigest(
  userId: number,
  period: string,
): Promise<"sent" | "already sent" | "not wanted"> {
  const { db } = await getDatabase();
  const person = await digestPerson(userId);
  if (!person || !(await mailPreferencesOf(userId)).monthlyDigest) return "not wanted";
  const claimed = await db
    .insert(mailDeliveries)
    .values({ userId, kind: "monthly_digest", period })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return "already sent";
  try {
    const message = await digestOf(person, period, { ip: "job" });
    if (!message) return "not wanted";
    await sendMail(message);
    return "sent";
  } catch (error) {
    await db
      .delete(mailDeliveries)
      .where(
        and(
          eq(mailDeliveries.userId, userId),
          eq(mailDeliveries.kind, "monthly_digest"),
          eq(mailDeliveries.period, period),
        ),
      );
    throw error;
  }
}
