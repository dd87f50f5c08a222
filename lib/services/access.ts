import "server-only";
import { STAFF, type Role, type SecondFactorState, type SessionUser } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { AppError, forbidden, unauthorized } from "./errors";
import { audit, type AuditAction, type AuditEvent } from "@/lib/services/audit/log";
import type { Caller } from "@/lib/services/platform/gateway";
import { ownedAddressKeys } from "@/lib/services/homes/owners";
import { claimsOf } from "@/lib/services/homes/ownership";

/**
 * Session states short of a full sign-in that a route, action or page may still serve (see SessionUser.secondFactor).
 */
export type UnfinishedSignIn = Extract<SecondFactorState, "pending" | "enrol">;

export const enrolmentRequired = () =>
  new AppError({
    code: "second_factor_enrolment_required",
    message: "Set up a second factor first (a passkey or an authenticator app), on your account's security page.",
  });
export const secondFactorRequired = () =>
  new AppError({
    code: "second_factor_required",
    message: "Finish signing in first: enter the code from your authenticator app, or use your passkey.",
  });

/**
 * A signed-in user with one of the roles, whose session finished signing in: staff with no second factor yet may only
 * set one up, and a session that has not given the account's second factor may only give it (`allow` names the
 * routes that serve them).
 */
export function requireRole(
  user: SessionUser | undefined,
  roles: readonly Role[],
  allow: readonly UnfinishedSignIn[] = [],
): SessionUser {
  if (!user) throw unauthorized();
  const state = user.secondFactor;
  if (state === "enrol" && !allow.includes("enrol")) throw enrolmentRequired();
  if (state === "pending" && !allow.includes("pending")) throw secondFactorRequired();
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/** A second factor given this recently allows the sensitive actions (step-up); older, they ask for it again. */
export const STEP_UP_MINUTES = env.STEP_UP_MINUTES;

const recent = (at: number | undefined) => !!at && Date.now() - at < STEP_UP_MINUTES * 60_000;

const stepUpRequired = () =>
  new AppError({
    code: "step_up_required",
    message: "Confirm it is you: enter a code from your authenticator app or use your passkey, then try again.",
  });
const reauthenticationRequired = () =>
  new AppError({
    code: "reauthentication_required",
    message: "Confirm it is you: enter your password, then try again.",
  });

/** What a refused step-up's row of the activity log says besides its action and reason (the actor is the user). */
export type StepUpRefusal = Omit<AuditEvent, "action" | "outcome">;

/**
 * Actions a stolen session must not be able to take (changing a role, removing a factor, exporting customer records):
 * a second factor given in the last STEP_UP_MINUTES (10), or a 403 `step_up_required` the page answers by asking for
 * one (`POST /api/account/second-factor`) and trying again. A route or form declares it (`stepUp: "clients.export"`);
 * a service calls it only where the step-up depends on what is asked. Every refusal is one row of the activity log,
 * written here: `{ action, outcome: "refused", detail: { reason } }`.
 *
 * `orPassword`, for adding a first factor to an account (ASVS 5.0 V6.3): the password, a passkey or a sign-on given in
 * the last STEP_UP_MINUTES is enough too, or a 403 `reauthentication_required` the page answers by asking for the
 * password (`POST /api/account/reauthenticate`). A stolen session left open cannot lock the owner out with a passkey
 * and recovery codes of its own.
 */
export function requireStepUp(
  user: SessionUser,
  action: AuditAction,
  { orPassword = false, ...refusal }: StepUpRefusal & { orPassword?: boolean } = {},
): void {
  if (recent(user.secondFactorAt) || (orPassword && recent(user.provedAt))) return;
  const error = orPassword ? reauthenticationRequired() : stepUpRequired();
  void audit({
    action,
    actor: user,
    ...refusal,
    outcome: "refused",
    detail: { ...refusal.detail, reason: error.code },
  });
  throw error;
}

/**
 * Loan officers and admins may look up any address. A homeowner may read the properties of the owner records they
 * proved are theirs; before proof, only the public facts and estimate of each home they claimed. Someone else's
 * property is a 403, whether or not it exists.
 */
export async function assertMayRead(
  caller: Caller & { user: SessionUser },
  key: string,
  scope: "public" | "private",
): Promise<void> {
  const { user } = caller;
  if ((STAFF as readonly Role[]).includes(user.role)) return;
  if (user.role !== "homeowner") throw forbidden();
  if (user.ownerIds.length) {
    const owned = caller.ownedKeys ?? (await ownedAddressKeys(caller, user.ownerIds));
    if (owned.has(key)) return;
  }
  // Not a proved home: at most the public side of one the account claimed.
  const claims = await claimsOf(user.id);
  if (!claims.length && !user.ownerIds.length) throw forbidden("Add your home first to see it.");
  if (!claims.some((claim) => claim.addressKey === key)) throw forbidden("This property is not one of yours.");
  if (scope === "private")
    throw forbidden(
      "Prove you own this home to see its loans, equity and report: ask for a code by mail on your dashboard.",
    );
}
