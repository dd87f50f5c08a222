import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/password";
import { Email, Password, text } from "./common";

/**
 * What the account's routes accept: signing up, passwords, invitations' acceptance, mail preferences, second factors.
 */

export const SignUpBody = z.object({ email: Email, password: Password });
const Token = text("token", 200);
export const AcceptInvitationBody = z.object({
  token: Token,
  // Required by the invitation itself (after its token is found): a new account's password, or the new one of the
  // account the email already has.
  password: z
    .string()
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional()
    .describe(
      "The account's password: a new account's, or the new one of the account the email already has (required)",
    ),
});
export const EmailVerificationBody = z.object({ token: Token });
export const ReauthenticateBody = z.object({
  password: z
    .string({ error: "password is required" })
    .min(1, "is required")
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`),
});
export const ResetRequestBody = z.object({ email: Email });
export const ResetBody = z.object({ token: Token, password: Password });
export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: "currentPassword is required" })
    .min(1, "currentPassword is required")
    .max(MAX_PASSWORD_LENGTH),
  newPassword: Password,
});

export const MailPreferencesBody = z
  .object({ monthlyDigest: z.boolean().optional(), dailySummary: z.boolean().optional() })
  .refine((body) => body.monthlyDigest !== undefined || body.dailySummary !== undefined, {
    error: "give monthlyDigest or dailySummary",
  });

/** A code from an authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const OneTimeCode = z
  .string({ error: "code must be text" })
  .trim()
  .min(6, "code must be the 6 digits of the app, or a recovery code")
  .max(32, "code must be the 6 digits of the app, or a recovery code");
/** A WebAuthn answer from the browser (@simplewebauthn/browser's JSON); the library checks its inside. */
const WebAuthnAnswer = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key", { error: "type must be public-key" }),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
  clientExtensionResults: z.looseObject({}).default({}),
});
export const FactorCodeBody = z.object({ code: OneTimeCode });
export const SecondFactorBody = z
  .object({ code: OneTimeCode.optional(), passkey: WebAuthnAnswer.optional() })
  .refine((body) => !!body.code !== !!body.passkey, { message: "send either code or passkey", path: ["code"] });
const PasskeyName = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, "name is required")
  .max(60, "name must be 60 characters at most");
export const PasskeyBody = z.object({
  name: PasskeyName,
  response: WebAuthnAnswer.extend({
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(4096),
      attestationObject: z.string().min(1).max(16_384),
    }),
  }),
});
export const PasskeyRenameBody = z.object({ name: PasskeyName });
export const PasskeyParams = z.object({
  passkeyId: z.string().regex(/^[\w-]{1,1024}$/, "passkeyId must be a passkey's id"),
});

/** Deleting one's account: the password, or nothing when a second factor was given in the last STEP_UP_MINUTES. */
export const DeleteAccountBody = z.object({
  password: z
    .string({ error: "password must be text" })
    .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional()
    .describe(
      "The account's password; an account with a second factor gives a step-up instead (POST /api/account/second-factor)",
    ),
});
