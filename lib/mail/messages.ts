import { formatDate, formatDateTime } from "@/lib/format";
import type { Message } from "./transport";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain message as text and as simple HTML: a greeting, paragraphs and at most one button. */
function compose(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Message {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n\n");
  const html = [
    `<!doctype html><html lang="en"><body style="font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:560px;margin:24px auto">`,
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    action
      ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#0f5132;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:13px;color:#475569">Or paste this link into your browser: ${escape(action.url)}</p>`
      : "",
    `</body></html>`,
  ].join("");
  return { to, subject, text, html };
}

export function invitationMessage(input: { to: string; name: string; address: string; url: string; invitedBy: string; expires: Date }): Message {
  return compose(
    input.to,
    `Your home dashboard for ${input.address}`,
    [
      `Hello ${input.name},`,
      `${input.invitedBy} invited you to your home dashboard for ${input.address}: what your home is worth, what you owe on it and what you could borrow.`,
      `The link works once, until ${formatDateTime(input.expires)}. If you did not expect this, you can ignore it.`,
    ],
    { label: "Open your home dashboard", url: input.url },
  );
}

export function passwordResetMessage(input: { to: string; url: string }): Message {
  return compose(
    input.to,
    "Reset your password",
    [
      "Someone (we hope you) asked to reset the password of your home dashboard account.",
      "The link works once, for 30 minutes. If you did not ask, ignore this message: your password stays as it is.",
    ],
    { label: "Choose a new password", url: input.url },
  );
}

/** A loan officer or admin asked to choose the password of the account an admin made for them. */
export function staffInvitationMessage(input: { to: string; invitedBy: string; role: "loan_officer" | "admin"; url: string; expires: Date }): Message {
  const role = input.role === "admin" ? "an admin" : "a loan officer";
  return compose(
    input.to,
    "Your home dashboard staff account",
    [
      `${input.invitedBy} made you an account on the home dashboard, as ${role}.`,
      "Choose your password with this link, then sign in: you will be asked to set up a second factor (a passkey or an authenticator app) as every loan officer and admin must.",
      `The link works once, until ${formatDateTime(input.expires)}. If you did not expect this, you can ignore it: nobody can sign in to the account until a password is chosen.`,
    ],
    { label: "Choose your password", url: input.url },
  );
}

export function letterSentMessage(input: { to: string; address: string }): Message {
  return compose(input.to, "A letter with your code is on its way", [
    `We mailed a letter with a 6-digit code to ${input.address}. It usually arrives within 5 business days.`,
    "When it comes, sign in and enter the code on your dashboard to see your loans and equity. The code works for 30 days.",
  ]);
}

export function ownershipLetter(input: { name: string; address: string; code: string; expires: Date; origin: string }) {
  return {
    name: input.name,
    address: input.address,
    subject: "Your home dashboard verification code",
    text: [
      `Dear ${input.name},`,
      `Someone asked to see the loans and equity of this home on the home dashboard (${input.origin}). If it was you, sign in and enter this code on your dashboard:`,
      input.code,
      `It works until ${formatDate(input.expires)}. If you did not ask, you can throw this letter away: without the code, nobody sees your loans.`,
    ].join("\n\n"),
  };
}

/** The subjects of the disposal's own mail: the housekeeping does not count them as use of the account. */
export const DISPOSAL_SUBJECTS = {
  warning: "Your home dashboard account will be deleted",
  deleted: "Your home dashboard account is deleted",
} as const;

export function retentionWarningMessage(input: { to: string; lastUse: Date; deleteOn: Date; origin: string }): Message {
  return compose(
    input.to,
    DISPOSAL_SUBJECTS.warning,
    [
      `Your home dashboard account has not been used since ${formatDate(input.lastUse)}. We do not keep personal data longer than it is used, so we will ` +
        `delete your account on ${formatDate(input.deleteOn)}: your homes' proofs, your figures and your email choices go with it.`,
      "To keep it, sign in before then; nothing else is needed. To leave now, or to take a copy of your data first, sign in and open your account page.",
    ],
    { label: "Sign in to keep your account", url: `${input.origin}/login` },
  );
}

const DELETION_REASONS = {
  request: "As you asked, your home dashboard account is deleted. Every session is signed out.",
  disposal: "Your home dashboard account is deleted: nobody signed in to it for the period we keep unused accounts, after the warning we sent.",
  admin: "Your home dashboard account was deleted by your lender's administrator. Every session is signed out.",
} as const;

export function accountDeletedMessage(input: { to: string; reason: keyof typeof DELETION_REASONS }): Message {
  return compose(input.to, DISPOSAL_SUBJECTS.deleted, [
    DELETION_REASONS[input.reason],
    "Your homes can be proved again, by you with a new account or by their next owner. Your figures, email choices and the copies of the mail we sent you are gone. The activity log keeps its entries without your name or email. A loan officer's own record of you as a client stays with your lender.",
    "If you did not ask for this, contact your lender.",
  ]);
}

/** The link that proves an account holds its email (sent at sign-up, and again on request). */
export function emailVerificationMessage(input: { to: string; url: string }): Message {
  return compose(
    input.to,
    "Confirm your email",
    [
      "Someone (we hope you) made a home dashboard account with this email.",
      "Confirm it is yours with this link: it works once, for 24 hours. Until then the account cannot turn on a passkey or an authenticator app. If it was not you, ignore this message.",
    ],
    { label: "Confirm my email", url: input.url },
  );
}

/** An account's second-factor codes were locked after a hundred wrong ones in a row. */
export function factorLockedMessage(input: { to: string; resetUrl: string }): Message {
  return compose(
    input.to,
    "Your sign-in codes are locked",
    [
      "A hundred wrong codes in a row were typed at your home dashboard account's second step, so the account's codes (the authenticator app's and the recovery codes) no longer sign in. Someone may know your password.",
      "To sign in again, reset your password with the link below (it is mailed to you) and choose a new one; or ask your organization's admin to reset your second factors. A passkey still works.",
    ],
    { label: "Reset my password", url: input.resetUrl },
  );
}

/** An admin told that a webhook endpoint was turned off after three days of failed deliveries. */
export function webhookDisabledMessage(input: { to: string; url: string; since: Date; reason: string; pageUrl: string }): Message {
  return compose(
    input.to,
    "A webhook endpoint was turned off",
    [
      `Events to ${input.url} have failed since ${formatDateTime(input.since)}, for three days, so the endpoint was turned off: no more events go to it.`,
      `The last failure: ${input.reason}`,
      "Once the receiver works again, turn the endpoint back on and send the failed deliveries again from the delivery log.",
    ],
    { label: "Open the webhooks", url: input.pageUrl },
  );
}
