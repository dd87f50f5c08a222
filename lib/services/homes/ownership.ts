import "server-only";
import { randomInt, timingSafeEqual } from "node:crypto";
import { hmac } from "@/lib/security/hmac";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { authSecret } from "@/lib/auth/secret";
import { rememberedOfUser, userChanged } from "@/lib/auth/session-cache";
import { findUserById, linkVerifiedOwner, OwnerTakenError } from "@/lib/auth/users";
import { getDatabase, type Database } from "@/lib/db";
import { ownershipClaims, ownershipLetters, users, type OwnerProof } from "@/lib/db/schema";
import { appOrigin } from "@/lib/env";
import { log } from "@/lib/log";
import { countRateLimitRefusal } from "@/lib/observability/metrics";
import { dbSelect, inSpan } from "@/lib/observability/trace";
import { letterSentMessage, ownershipLetter } from "@/lib/mail/messages";
import { sendLetter, sendMail } from "@/lib/mail/transport";
import { addressKeyOf } from "./addresses";
import { audit, by } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { homeownerVerification, ownerRecord, personKey, propertyFacts, provedKeys, type Person } from "./properties";
import { formatDate } from "@/lib/format";
import { linkClientEntries } from "@/lib/services/portfolio/officer-assignment";

type SignedIn = Caller & { user: SessionUser };
export type Claim = typeof ownershipClaims.$inferSelect;

const LETTER_DAYS = 30;
const CODE_TRIES = 5;
/** A letter costs money: at most this many per account in LETTER_DAYS, and one at a time for a week. */
const LETTERS_PER_PERIOD = 3;
const RESEND_DAYS = 7;
const DAY_MS = 86_400_000;

/** The deed check before any owner record exists: a name that does not match is refused kindly. */
export async function deedCheck(caller: SignedIn, person: Person, who: "you" | "client" = "you") {
  const { key, label, verification } = await homeownerVerification(caller, person);
  if (!verification.isVerified) {
    const whose =
      who === "you"
        ? "your name as it is written on your deed or tax bill"
        : "the client's name as it is written on the deed";
    throw new AppError({
      code: "not_on_deed",
      message: `The name on the deed does not match ${person.firstName.trim()} ${person.lastName.trim()} at this address. Please check ${whose}; if the home is in a trust or a company's name, ask your loan officer for an invitation.`,
      fields: { lastName: "does not match the owner names on the deed" },
    });
  }
  return { key, label, score: verification.matchScore };
}

/** The account's claims waiting for proof, oldest first: one per home. */
export async function claimsOf(userId: number): Promise<Claim[]> {
  const { db } = await getDatabase();
  return db
    .select()
    .from(ownershipClaims)
    .where(eq(ownershipClaims.userId, userId))
    .orderBy(ownershipClaims.createdAt, ownershipClaims.addressKey);
}

/** An account may wait for proof of this many homes at once: each claim costs the service calls. */
export const MAX_CLAIMS = 5;

/**
 * A homeowner's claim on a home: the deed must name them, then the owner record is created and kept beside the
 * account, unproven. The account sees only the home's public facts and estimate until it proves control. Asking
 * again with the same name and address changes nothing; another name at the same address replaces that home's
 * claim; another home is a claim of its own beside the others and beside the homes already proved.
 */
export async function claimHome(
  caller: SignedIn,
  person: Person,
): Promise<{ verified: boolean; created: boolean; address?: string }> {
  const { key } = addressKeyOf(person.address);
  const claims = await claimsOf(caller.user.id);
  const existing = claims.find((c) => c.addressKey === key);
  if (existing && personKey(existing.addressKey, existing) === personKey(key, person))
    return { verified: false, created: false, address: existing.address };
  if (caller.user.ownerIds.length && (await provedKeys(caller, caller.user.ownerIds)).has(key))
    return { verified: true, created: false };
  if (!existing && claims.length >= MAX_CLAIMS)
    throw new AppError({
      code: "too_many_claims",
      message: `You are already waiting for proof of ${MAX_CLAIMS} homes. Verify one of them before adding another.`,
    });
  const { score } = await deedCheck(caller, person);
  const ownerId = await ownerRecord(caller, person, key);
  const facts = await propertyFacts(caller, person.address);
  const factsKey = addressKeyOf(facts.address).key;
  if (caller.user.ownerIds.includes(ownerId)) return { verified: true, created: false, address: facts.address };
  // Keyed by the service's own form of the address, which the dashboard reads it by, not by the spelling typed.
  const claim = {
    userId: caller.user.id,
    ownerId,
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
    address: facts.address,
    addressKey: factsKey,
    matchScore: score,
  };
  const { db } = await getDatabase();
  await db
    .insert(ownershipClaims)
    .values(claim)
    .onConflictDoUpdate({
      target: [ownershipClaims.userId, ownershipClaims.addressKey],
      set: { ...claim, createdAt: new Date() },
    });
  await userChanged(caller.user.id);
  void audit({
    action: "ownership.claim",
    ...by(caller),
    ownerId,
    propertyId: facts.id ?? undefined,
    address: facts.address,
    addressKey: factsKey,
  });
  return { verified: false, created: true, address: facts.address };
}

/**
 * What the account has done towards proof of each home it claimed: the claim, the letter on its way, and whether
 * another may be asked for (one letter a week per home, three a month per account, whichever homes they went to).
 */
export async function verificationStates(userId: number) {
  // Read on every dashboard view, changed only by claimHome and proveOwnership (which say so): from the cache.
  const claims = await rememberedOfUser(userId, "claims", () =>
    inSpan("db ownership.claims", { kind: "client", attributes: dbSelect("ownership_claims") }, async () =>
      (await claimsOf(userId)).map(({ ownerId, address, addressKey, firstName, lastName }) => ({
        ownerId,
        address,
        addressKey,
        firstName,
        lastName,
      })),
    ),
  );
  if (!claims.length) return [];
  const { db } = await getDatabase();
  const letters = await inSpan(
    "db ownership.letters",
    { kind: "client", attributes: dbSelect("ownership_letters") },
    () => recentLetters(db, userId),
  );
  return claims.map((claim) => {
    const active = activeLetter(letters, claim.addressKey);
    const nextLetterAt = nextLetterAtOf(letters, claim.addressKey);
    return {
      address: claim.address,
      addressKey: claim.addressKey,
      name: `${claim.firstName} ${claim.lastName}`,
      letter: active
        ? {
            sentAt: active.createdAt.toISOString(),
            expiresAt: active.expiresAt.toISOString(),
            triesLeft: CODE_TRIES - active.attempts,
          }
        : null,
      nextLetterAt: nextLetterAt?.toISOString() ?? null,
    };
  });
}
export type VerificationState = Awaited<ReturnType<typeof verificationStates>>[number];

type LetterRow = Pick<
  typeof ownershipLetters.$inferSelect,
  "addressKey" | "usedAt" | "attempts" | "expiresAt" | "createdAt"
>;

/** The letter whose code may still be used at this home (the latest, while unused, unexpired and with tries left). */
function activeLetter<T extends LetterRow>(letters: T[], addressKey: string): T | undefined {
  const latest = letters.find((l) => l.addressKey === addressKey);
  return latest && !latest.usedAt && latest.attempts < CODE_TRIES && latest.expiresAt.getTime() > Date.now()
    ? latest
    : undefined;
}

/**
 * When another letter to this home may be asked for, or undefined when it may now: after the account's letters of the
 * last LETTER_DAYS (newest first) fall under the limit, and a week after the home's letter still in use.
 */
function nextLetterAtOf(letters: LetterRow[], addressKey: string): Date | undefined {
  if (letters.length >= LETTERS_PER_PERIOD) return new Date(letters.at(-1)!.createdAt.getTime() + LETTER_DAYS * DAY_MS);
  const active = activeLetter(letters, addressKey);
  return active && active.createdAt.getTime() + RESEND_DAYS * DAY_MS > Date.now()
    ? new Date(active.createdAt.getTime() + RESEND_DAYS * DAY_MS)
    : undefined;
}

/** The account's letters of the last LETTER_DAYS, newest first (what the limits count). */
const recentLetters = (db: Pick<Database, "select">, userId: number) =>
  db
    .select()
    .from(ownershipLetters)
    .where(
      and(
        eq(ownershipLetters.userId, userId),
        gt(ownershipLetters.createdAt, new Date(Date.now() - LETTER_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(ownershipLetters.createdAt));

/**
 * The claim a letter or a code is for: the home named (any spelling of its address), or else the only one that fits
 * (the only claim; for a code, the only claim with a letter waiting).
 */
function pickClaim<T extends { addressKey: string }>(
  user: SessionUser,
  claims: T[],
  address: string | undefined,
  fits: (claim: T) => boolean,
): T {
  if (!claims.length) {
    if (user.ownerIds.length)
      throw new AppError({
        code: "already_verified",
        message: "You have already proved you own your homes. Add another home first.",
      });
    throw new AppError({ code: "no_claim", message: "Add your home first: we mail the code to its address." });
  }
  if (address !== undefined) {
    const { key } = addressKeyOf(address);
    const claim = claims.find((c) => c.addressKey === key);
    if (!claim)
      throw new AppError({
        code: "no_claim",
        message: "You have not added this home, or it is already verified.",
        fields: {
          address: "is not a home waiting for proof",
        },
      });
    return claim;
  }
  const fitting = claims.length === 1 ? claims : claims.filter(fits);
  if (fitting.length === 1) return fitting[0]!;
  throw new AppError({
    code: "which_home",
    message: "You are verifying several homes: say which one (its address).",
    fields: {
      address: "is required with several homes",
    },
  });
}

const codeHash = (userId: number, code: string) =>
  hmac(`ownership-code:${authSecret()}`, `${userId}:${code}`, "base64url");

/** Mails a 6-digit code to the claimed home's address (and tells the account by email that it is on its way). */
export async function requestLetter(user: SessionUser, address?: string): Promise<VerificationState> {
  const state = pickClaim(user, await verificationStates(user.id), address, () => false);
  const refuse = (nextLetterAt: Date) => {
    countRateLimitRefusal("ownership-letters");
    return new AppError({
      code: "letter_limit",
      message: `A letter is already on its way or you asked for several recently. You can ask for another on ${formatDate(nextLetterAt)}.`,
      retryAfter: Math.ceil((nextLetterAt.getTime() - Date.now()) / 1000),
    });
  };
  if (state.nextLetterAt) throw refuse(new Date(state.nextLetterAt));
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expires = new Date(Date.now() + LETTER_DAYS * DAY_MS);
  const { db } = await getDatabase();
  // The check above is for the answer; this one is the guard. Requests of one account take turns on its row (locked
  // for the transaction), and each reads the letters after the previous one's is written: of 20 sent at once, one is.
  const letter = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const wait = nextLetterAtOf(await recentLetters(tx, user.id), state.addressKey);
    if (wait) throw refuse(wait);
    const [written] = await tx
      .insert(ownershipLetters)
      .values({ userId: user.id, addressKey: state.addressKey, codeHash: codeHash(user.id, code), expiresAt: expires })
      .returning({ id: ownershipLetters.id });
    return written!;
  });
  try {
    await sendLetter(
      ownershipLetter({
        name: state.name,
        address: state.address,
        code,
        expires,
        origin: appOrigin,
        locale: user.locale,
      }),
    );
  } catch (error) {
    // A letter that was never posted must not hold the account back a week.
    await db.delete(ownershipLetters).where(eq(ownershipLetters.id, letter.id));
    log.error({ err: error }, "the ownership letter could not be sent");
    throw new AppError({
      code: "letter_unavailable",
      message: "We could not send the letter right now. Nothing was posted; please try again later.",
      retryAfter: 300,
    });
  }
  void audit({ action: "ownership.letter", actor: user, address: state.address, addressKey: state.addressKey });
  // The letter is what counts; the email saying it is on its way may fail (it is logged) without undoing it.
  await sendMail(letterSentMessage({ to: user.email, address: state.address, locale: user.locale })).catch(
    () => undefined,
  );
  return (await verificationStates(user.id)).find((s) => s.addressKey === state.addressKey)!;
}

/**
 * Checks a code from the letter. Each try is counted before it is compared, so tries sent in parallel cannot
 * exceed the allowance; the right code links the owner record to the account, proved by mail.
 */
export async function confirmCode(user: SessionUser, code: string, address?: string): Promise<void> {
  const states = await verificationStates(user.id);
  const state = pickClaim(user, states, address, (s) => !!s.letter);
  const claim = (await claimsOf(user.id)).find((c) => c.addressKey === state.addressKey);
  if (!claim) throw new AppError({ code: "no_claim", message: "Add your home first." });
  const { db } = await getDatabase();
  const l = ownershipLetters;
  const latest = db
    .select({ id: l.id })
    .from(l)
    .where(
      and(eq(l.userId, user.id), eq(l.addressKey, claim.addressKey), isNull(l.usedAt), gt(l.expiresAt, new Date())),
    )
    .orderBy(desc(l.createdAt))
    .limit(1);
  const [letter] = await db
    .update(l)
    .set({ attempts: sql`${l.attempts} + 1` })
    .where(and(sql`${l.id} = (${latest})`, sql`${l.attempts} < ${CODE_TRIES}`))
    .returning();
  if (!letter)
    throw new AppError({
      code: "no_code",
      message: "There is no code waiting for this home, or it was tried too many times. Ask for a new letter.",
      fields: {
        code: "has no letter waiting for it",
      },
    });
  const expected = Buffer.from(letter.codeHash);
  const given = Buffer.from(codeHash(user.id, code.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = CODE_TRIES - letter.attempts;
    void audit({
      action: "ownership.proof",
      actor: user,
      outcome: "refused",
      ownerId: claim.ownerId,
      address: claim.address,
      addressKey: claim.addressKey,
      detail: { kind: "mail", reason: "wrong_code" },
    });
    throw new AppError({
      code: "wrong_code",
      message: left
        ? `That is not the code in the letter. ${left} ${left === 1 ? "try" : "tries"} left.`
        : "That is not the code in the letter, and it cannot be tried again. Ask for a new letter.",
      fields: { code: "does not match the letter" },
    });
  }
  await proveOwnership(user.id, claim.ownerId, "mail", `${claim.firstName} ${claim.lastName}`);
  await db.update(l).set({ usedAt: new Date() }).where(eq(l.id, letter.id));
}

/** Links an owner record the account proved it owns, and forgets the claims that led there (not its other claims). */
export async function proveOwnership(userId: number, ownerId: string, proof: OwnerProof, name: string): Promise<void> {
  // Who proved it: the signed-in account, or the one an invitation or a partner's token just made.
  const actor = (await findUserById(userId)) ?? null;
  try {
    await linkVerifiedOwner(userId, ownerId, proof, name);
  } catch (error) {
    if (error instanceof OwnerTakenError) {
      void audit({
        action: "ownership.proof",
        actor,
        outcome: "refused",
        ownerId,
        detail: { kind: proof, reason: "owner_taken" },
      });
      throw new AppError({
        code: "owner_taken",
        message:
          "Another account has already proved it owns this home. If it is yours, please contact us so we can look into it.",
      });
    }
    throw error;
  }
  const { db } = await getDatabase();
  await db.delete(ownershipClaims).where(and(eq(ownershipClaims.userId, userId), eq(ownershipClaims.ownerId, ownerId)));
  await userChanged(userId);
  void audit({ action: "ownership.proof", actor, ownerId, detail: { kind: proof } });
  // An officer who listed them at this home is now a relationship (their officer, unless one comes first). The read
  // of the home's address is the one their dashboard makes next, and is kept for it.
  await linkClientEntries({ ip: "job" }, userId, actor);
}
