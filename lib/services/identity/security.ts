import "server-only";
import { revokeTokensOf } from "./api-tokens";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  checkCode,
  confirmTotp,
  FACTOR_LOCKED_WORDS,
  factorsOf,
  hasSecondFactor,
  newRecoveryCodes,
  removeTotp,
  resetFactors,
  startTotp,
  type FactorSummary,
  type TotpEnrolment,
} from "@/lib/auth/factors";
import {
  addPasskey,
  authenticationOptions,
  PasskeyError,
  registrationOptions,
  removePasskey,
  renamePasskey,
  verifyPasskey,
  type RelyingParty,
} from "@/lib/auth/passkeys";
import { isStaff, type SecondFactorState, type SessionUser } from "@/lib/auth/roles";
import {
  endAllSessions,
  forgetSecondFactor,
  markPasswordGiven,
  markSecondFactor,
  renewSession,
} from "@/lib/auth/sessions";
import { checkCredentials, findUserById } from "@/lib/auth/users";
import { appOrigin } from "@/lib/env";
import { log } from "@/lib/log";
import { factorLockedMessage } from "@/lib/mail/messages";
import { sendMail } from "@/lib/mail/transport";
import { countSignInFailure } from "@/lib/observability/metrics";
import { requireStepUp, STEP_UP_MINUTES } from "@/lib/services/access";
import { audit } from "@/lib/services/audit/log";
import { emailProved, requireProvedEmail } from "./email-verification";
import { AppError } from "@/lib/services/errors";

export interface SecurityStatus extends FactorSummary {
  secondFactor: SecondFactorState;
  /** Whether the role requires a second factor (staff). */
  required: boolean;
  /** Until when sensitive actions go ahead without asking again (ISO), if a factor was given recently. */
  stepUpUntil: string | null;
  /** Whether the account proved it holds its email: a homeowner adds a factor only then. */
  emailVerified: boolean;
}

export async function securityOf(user: SessionUser): Promise<SecurityStatus> {
  const until = user.secondFactorAt ? user.secondFactorAt + STEP_UP_MINUTES * 60_000 : 0;
  const [factors, verified] = await Promise.all([factorsOf(user.id), emailProved(user.id)]);
  return {
    ...factors,
    emailVerified: verified,
    secondFactor: user.secondFactor ?? "none",
    required: isStaff(user.role),
    stepUpUntil: until > Date.now() ? new Date(until).toISOString() : null,
  };
}

const sessionOf = (user: SessionUser) => {
  if (!user.sessionId)
    throw new AppError({ code: "invalid_request", message: "This needs a signed-in browser session." });
  return user.sessionId;
};

/**
 * Adding or replacing a factor: a stolen session must not add its own passkey or authenticator and lock the owner out.
 * A homeowner's email must be proved first (see email-verification.ts: otherwise a stranger who signed up with it
 * could plant a factor before the owner arrives); an account with a factor gives it again if its last one is older than
 * the step-up time; an account with none (a new staff member enrolling, a homeowner's first) gives its password again.
 */
async function mayChangeFactors(user: SessionUser) {
  await requireProvedEmail(user);
  requireStepUp(user, "factor.add", { orPassword: user.secondFactor !== "given" });
}

/**
 * The password given again in this session, for adding a first factor when the sign-in is no longer recent. Counted
 * like a sign-in's, against the account (a session can only guess its own), and logged either way.
 */
export async function reauthenticate(user: SessionUser, password: string, ip: string): Promise<void> {
  const sessionId = sessionOf(user);
  // Counted against the account alone: a session can only guess its own password, and its client address's allowance
  // is for sign-ins.
  const check = await checkCredentials(user.email, password, {});
  if (!check.ok || check.user.id !== user.id) {
    void audit({
      action: "reauthenticate",
      actor: user,
      ip,
      outcome: "refused",
      detail: { reason: check.ok ? "other_account" : check.reason },
    });
    if (!check.ok && check.reason === "throttled")
      throw new AppError({
        code: "rate_limited",
        message: "Too many passwords tried. Please wait before trying again.",
        retryAfter: check.retryAfterSeconds,
      });
    throw new AppError({
      code: "wrong_password",
      message: "password: that is not your password",
      fields: {
        password: "is not your password",
      },
    });
  }
  await markPasswordGiven(user.id, sessionId);
  void audit({ action: "reauthenticate", actor: user, ip });
}

/** What a first factor gives: the recovery codes, made with it when the account has none left. */
async function afterNewFactor(user: SessionUser): Promise<{ recoveryCodes?: string[] }> {
  await markSecondFactor(user.id, sessionOf(user));
  const { recoveryCodesLeft } = await factorsOf(user.id);
  return recoveryCodesLeft ? {} : { recoveryCodes: await newRecoveryCodes(user.id) };
}

export async function startAuthenticator(user: SessionUser): Promise<TotpEnrolment> {
  await mayChangeFactors(user);
  return startTotp(user.id, user.email);
}

export async function confirmAuthenticator(user: SessionUser, code: string): Promise<{ recoveryCodes?: string[] }> {
  await mayChangeFactors(user);
  if (!(await confirmTotp(user.id, code)))
    throw new AppError({
      code: "invalid_code",
      message: "code: that is not the app's current code (check the phone's clock), or setup was not started",
      fields: {
        code: "is not the app's current code",
      },
    });
  void audit({ action: "factor.add", actor: user, detail: { kind: "totp" } });
  return afterNewFactor(user);
}

/**
 * Removing a factor ends every other session of the account: one held at the second-factor step (a reset password's, a
 * sign-on's) must not find itself with nothing left to give, and one that gave the removed factor is not trusted on it.
 * Removing one, or making new recovery codes, asks for a recent second factor first: their routes declare the step-up.
 */
export async function removeAuthenticator(user: SessionUser): Promise<void> {
  await removeTotp(user.id);
  const ended = await endAllSessions(user.id, sessionOf(user));
  const tokensRevoked = await enrolAgainWithoutFactor(user);
  void audit({ action: "factor.remove", actor: user, detail: { kind: "totp", sessionsEnded: ended, tokensRevoked } });
}

/**
 * Staff must have a second factor: once their last one is gone, the session that removed it only sets up another
 * (the other sessions have already ended), and the API tokens made while they had one are revoked, as an admin's reset
 * of their factors revokes them. A homeowner may go without one. Returns how many tokens were revoked.
 */
async function enrolAgainWithoutFactor(user: SessionUser): Promise<number> {
  if (!isStaff(user.role) || (await hasSecondFactor(user.id))) return 0;
  await forgetSecondFactor(user.id, sessionOf(user));
  return revokeTokensOf(user.id);
}

export async function regenerateRecoveryCodes(user: SessionUser): Promise<string[]> {
  // The account's factors, not the session's state: a session that removed the last one still says it gave one.
  if (user.secondFactor !== "given" || !(await hasSecondFactor(user.id)))
    throw new AppError({ code: "no_second_factor", message: "Set up a passkey or an authenticator app first." });
  const codes = await newRecoveryCodes(user.id);
  void audit({ action: "recovery_codes.new", actor: user });
  return codes;
}

const passkeyFailure = (error: unknown) => {
  if (error instanceof PasskeyError)
    return new AppError({ code: "passkey_invalid", message: error.message, fields: { response: error.message } });
  return error;
};

export async function passkeyRegistration(user: SessionUser, rp: RelyingParty) {
  await mayChangeFactors(user);
  return registrationOptions(user, rp).catch((error: unknown) => {
    throw passkeyFailure(error);
  });
}

export async function registerPasskey(
  user: SessionUser,
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
) {
  await mayChangeFactors(user);
  const added = await addPasskey(user.id, name, response, rp).catch((error: unknown) => {
    throw passkeyFailure(error);
  });
  void audit({ action: "factor.add", actor: user, detail: { kind: "passkey", name } });
  return { id: added.id, ...(await afterNewFactor(user)) };
}

export async function renamePasskeyOf(user: SessionUser, id: string, name: string): Promise<void> {
  if (!(await renamePasskey(user.id, id, name)))
    throw new AppError({ code: "not_found", message: "You have no passkey with that id." });
}

export async function removePasskeyOf(user: SessionUser, id: string): Promise<void> {
  if (!(await removePasskey(user.id, id)))
    throw new AppError({ code: "not_found", message: "You have no passkey with that id." });
  const ended = await endAllSessions(user.id, sessionOf(user));
  const tokensRevoked = await enrolAgainWithoutFactor(user);
  void audit({
    action: "factor.remove",
    actor: user,
    detail: { kind: "passkey", sessionsEnded: ended, tokensRevoked },
  });
}

/** Passkey options for the signed-in account's own passkeys (finishing a sign-in, or a step-up). */
export const passkeyStepUpOptions = (user: SessionUser, rp: RelyingParty) => authenticationOptions(rp, user.id);

/**
 * The second factor given in this session: to finish signing in (a single sign-on, a reset password), or again for a
 * sensitive action (step-up). Wrong codes are throttled like passwords.
 */
export async function giveSecondFactor(
  user: SessionUser,
  proof: { code?: string; passkey?: AuthenticationResponseJSON },
  client: { ip: string; rp: RelyingParty },
  /** `renew`: the session came as the app's own cookie, which a finished sign-in replaces with a new session's. */
  renew = false,
): Promise<{ kind: "totp" | "recovery" | "passkey"; renewedSessionId?: string }> {
  const sessionId = sessionOf(user);
  let kind: "totp" | "recovery" | "passkey";
  // Finishing a sign-in, or a step-up for a sensitive action.
  const event = {
    action: "signin.second_factor",
    actor: user,
    ip: client.ip,
    detail: { stepUp: user.secondFactor === "given" },
  } as const;
  if (proof.passkey) {
    await verifyPasskey(proof.passkey, client.rp, user.id).catch((error: unknown) => {
      countSignInFailure(event.action, "passkey", "passkey_invalid");
      void audit({ ...event, outcome: "refused", detail: { ...event.detail, kind: "passkey" } });
      throw passkeyFailure(error);
    });
    kind = "passkey";
  } else {
    const check = await checkCode(user.id, proof.code ?? "", client.ip);
    if (!check.ok) {
      countSignInFailure(event.action, "code", check.reason);
      const lockedNow = check.reason === "invalid" && check.lockedNow === true;
      void audit({
        ...event,
        outcome: "refused",
        detail: { ...event.detail, reason: check.reason, ...(lockedNow ? { lockedNow } : {}) },
      });
      if (lockedNow) await mailFactorLocked(user);
    }
    if (!check.ok && check.reason === "throttled")
      throw new AppError({
        code: "rate_limited",
        message: "Too many codes tried. Please wait before trying again.",
        retryAfter: check.retryAfterSeconds,
      });
    if (!check.ok && (check.reason === "locked" || (check.reason === "invalid" && check.lockedNow)))
      throw new AppError({ code: "factor_locked", message: FACTOR_LOCKED_WORDS });
    if (!check.ok)
      throw new AppError({
        code: "invalid_code",
        message: "code: that code is not right, or it was already used",
        fields: {
          code: "is not right or was already used",
        },
      });
    kind = check.kind;
  }
  // Finishing a sign-in: a new session id (the half-signed-in one's cookie is worth nothing after); a step-up keeps its
  // own.
  const renewedSessionId = renew && user.secondFactor !== "given" ? await renewSession(user.id, sessionId) : undefined;
  if (!renewedSessionId) await markSecondFactor(user.id, sessionId);
  void audit({ ...event, detail: { ...event.detail, kind } });
  return { kind, ...(renewedSessionId ? { renewedSessionId } : {}) };
}

/**
 * Tells the owner their codes were locked (the hundredth wrong one in a row): someone may be guessing. Never fails the
 * answer.
 */
export async function mailFactorLocked(
  user: Pick<SessionUser, "email"> & { locale?: "en" | "es" | null },
): Promise<void> {
  await sendMail(
    factorLockedMessage({ to: user.email, resetUrl: `${appOrigin}/forgot-password`, locale: user.locale ?? "en" }),
  ).catch((error: unknown) => log.warn({ err: error }, "the factor lock notice could not be sent"));
}

/**
 * An admin resets a staff member's (or anyone's) factors: they set one up again at their next sign-in, which this
 * forces. Its route asks for the admin's recent second factor (`stepUp: "factor.reset"`).
 */
export async function resetFactorsOf(admin: SessionUser, userId: number): Promise<void> {
  if (userId === admin.id)
    throw new AppError({
      code: "invalid_request",
      message: "Manage your own factors on your account's security page.",
      fields: {
        userId: "is your own account",
      },
    });
  if (!(await findUserById(userId))) throw new AppError({ code: "not_found", message: "No user has that id." });
  await resetFactors(userId);
  const ended = await endAllSessions(userId);
  // A reset is what an admin does for a lost or stolen factor: the tokens made with it go too.
  const tokensRevoked = await revokeTokensOf(userId);
  void audit({
    action: "factor.reset",
    actor: admin,
    subjectUserId: userId,
    detail: { sessionsEnded: ended, tokensRevoked },
  });
}
