import "server-only";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { passkeys, webauthnChallenges } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { dropRecoveryCodesWithoutFactor } from "./factors";
import { userChanged } from "./session-cache";

const CHALLENGE_MINUTES = 5;
export const MAX_PASSKEYS = 10;
type Purpose = (typeof webauthnChallenges.$inferSelect)["purpose"];

export interface RelyingParty {
  id: string;
  origin: string;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Who the passkeys are for: the app's configured origin (NEXTAUTH_URL) and its host name. Without one (development,
 * tests) a loopback host the request came to is taken as it is, so `next start -p` works on any port; any other Host
 * header is not trusted.
 */
export function relyingParty(headers: Headers): RelyingParty {
  const configured = new URL(appOrigin);
  if (!env.NEXTAUTH_URL) {
    const host = headers.get("host");
    const asked = host ? new URL(`http://${host}`) : undefined;
    if (asked && LOOPBACK.has(asked.hostname)) return { id: asked.hostname, origin: asked.origin };
  }
  return { id: configured.hostname, origin: configured.origin };
}

async function keepChallenge(challenge: string, purpose: Purpose, userId: number | null): Promise<void> {
  const { db } = await getDatabase();
  // Challenges nobody answered go as new ones are made: the table holds the last few minutes' only.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
}

/** Takes the challenge an answer carries back (once: the statement that finds it deletes it), or undefined. */
async function takeChallenge(
  clientDataJSON: string,
  purpose: Purpose,
  userId: number | null,
): Promise<string | undefined> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown })
      .challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== "string") return undefined;
  const { db } = await getDatabase();
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken?.challenge;
}

export class PasskeyError extends Error {
  override readonly name = "PasskeyError";
}

/** Options for adding a passkey to an account: a discoverable credential, verified by the person (PIN, biometrics). */
export async function registrationOptions(
  user: { id: number; email: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { db } = await getDatabase();
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS)
    throw new PasskeyError(`An account may have ${MAX_PASSKEYS} passkeys; remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: "Homeowner Dashboard",
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(`user:${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({
      id: key.id,
      transports: key.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(options.challenge, "register", user.id);
  return options;
}

/** Verifies a new passkey's answer to its options and keeps it under a name. */
export async function addPasskey(
  userId: number,
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
): Promise<{ id: string }> {
  const challenge = await takeChallenge(response.response.clientDataJSON, "register", userId);
  if (!challenge) throw new PasskeyError("This passkey request ran out or was already used. Please try again.");
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw new PasskeyError(
      `The passkey could not be verified: ${error instanceof Error ? error.message : "unknown reason"}`,
    );
  });
  if (!verified.verified) throw new PasskeyError("The passkey could not be verified.");
  const { credential } = verified.registrationInfo;
  const { db } = await getDatabase();
  const [added] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!added) throw new PasskeyError("This passkey is already registered.");
  await userChanged(userId);
  return added;
}

/**
 * Options for signing in with a passkey: with no account, any passkey of this app the browser holds (discoverable);
 * for an account (its second step, or a step-up), that account's passkeys.
 */
export async function authenticationOptions(
  rp: RelyingParty,
  userId?: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { db } = await getDatabase();
  const allow =
    userId === undefined
      ? undefined
      : await db
          .select({ id: passkeys.id, transports: passkeys.transports })
          .from(passkeys)
          .where(eq(passkeys.userId, userId));
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    ...(allow
      ? {
          allowCredentials: allow.map((key) => ({
            id: key.id,
            transports: key.transports as AuthenticatorTransportFuture[],
          })),
        }
      : {}),
  });
  await keepChallenge(options.challenge, userId === undefined ? "sign-in" : "step-up", userId ?? null);
  return options;
}

/**
 * Verifies a passkey's answer to a challenge: the account it belongs to, or a PasskeyError. User verification is
 * required (the authenticator checked a PIN or a biometric), so a passkey is two factors in one: something held and
 * something known or been. Its signature counter must move forward (a cloned authenticator's would not).
 */
export async function verifyPasskey(
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  userId?: number,
): Promise<number> {
  const challenge = await takeChallenge(
    response.response.clientDataJSON,
    userId === undefined ? "sign-in" : "step-up",
    userId ?? null,
  );
  if (!challenge) throw new PasskeyError("This passkey request ran out or was already used. Please try again.");
  const { db } = await getDatabase();
  const [key] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!key || (userId !== undefined && key.userId !== userId))
    throw new PasskeyError("This passkey is not registered here.");
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: key.id,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
      counter: key.counter,
      transports: key.transports as AuthenticatorTransportFuture[],
    },
  }).catch((error: unknown) => {
    throw new PasskeyError(
      `The passkey could not be verified: ${error instanceof Error ? error.message : "unknown reason"}`,
    );
  });
  if (!verified.verified) throw new PasskeyError("The passkey could not be verified.");
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return key.userId;
}

export async function renamePasskey(userId: number, id: string, name: string): Promise<boolean> {
  const { db } = await getDatabase();
  return (
    (
      await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id })
    ).length > 0
  );
}

export async function removePasskey(userId: number, id: string): Promise<boolean> {
  const { db } = await getDatabase();
  const removed =
    (
      await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id })
    ).length > 0;
  if (removed) {
    await dropRecoveryCodesWithoutFactor(userId);
    await userChanged(userId);
  }
  return removed;
}
