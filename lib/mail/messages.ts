import { formatsFor } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import type { Message } from "./transport";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain message as text and as simple HTML, in one language: a greeting, paragraphs and at most one button. */
function compose(
  locale: Locale,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Message {
  const t = translator(locale, "Mail");
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:560px;margin:24px auto">`,
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    action
      ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#0f5132;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:13px;color:#475569">${escape(t("orPaste", { url: action.url }))}</p>`
      : "",
    `</body></html>`,
  ].join("");
  return { to, subject, text, html };
}

export function invitationMessage(input: {
  to: string;
  name: string;
  address: string;
  url: string;
  invitedBy: string;
  expires: Date;
  locale?: Locale;
}): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return compose(
    locale,
    input.to,
    t("invitationSubject", { address: input.address }),
    [
      t("hello", { name: input.name }),
      t("invitationBody", { invitedBy: input.invitedBy, address: input.address }),
      t("invitationExpires", { expires: formatsFor(locale).dateTime(input.expires) }),
    ],
    { label: t("invitationAction"), url: input.url },
  );
}

export function passwordResetMessage(input: { to: string; url: string; locale?: Locale }): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return compose(locale, input.to, t("resetSubject"), [t("resetAsked"), t("resetOnce")], {
    label: t("resetAction"),
    url: input.url,
  });
}

/** A loan officer or admin asked to choose the password of the account an admin made for them (staff mail: English). */
export function staffInvitationMessage(input: {
  to: string;
  invitedBy: string;
  role: "loan_officer" | "admin";
  url: string;
  expires: Date;
}): Message {
  const t = translator("en", "StaffMail");
  return compose(
    "en",
    input.to,
    t("staffInvitationSubject"),
    [
      t("staffInvitationMade", { invitedBy: input.invitedBy, role: input.role }),
      t("staffInvitationChoose"),
      t("staffInvitationExpires", { expires: formatsFor("en").dateTime(input.expires) }),
    ],
    { label: t("staffInvitationAction"), url: input.url },
  );
}

export function letterSentMessage(input: { to: string; address: string; locale?: Locale }): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return compose(locale, input.to, t("letterSentSubject"), [
    t("letterSentMailed", { address: input.address }),
    t("letterSentWhen"),
  ]);
}

export function ownershipLetter(input: {
  name: string;
  address: string;
  code: string;
  expires: Date;
  origin: string;
  locale?: Locale;
}) {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return {
    name: input.name,
    address: input.address,
    subject: t("letterSubject"),
    text: [
      t("letterDear", { name: input.name }),
      t("letterAsked", { origin: input.origin }),
      input.code,
      t("letterExpires", { expires: formatsFor(locale).date(input.expires) }),
    ].join("\n\n"),
  };
}

/**
 * The subjects of the disposal's own mail, in every language: the housekeeping does not count them as use of the
 * account.
 */
export const DISPOSAL_SUBJECTS: readonly string[] = (["en", "es"] as const).flatMap((locale) => {
  const t = translator(locale, "Mail");
  return [t("disposalWarningSubject"), t("disposalDeletedSubject")];
});

export function retentionWarningMessage(input: {
  to: string;
  lastUse: Date;
  deleteOn: Date;
  origin: string;
  locale?: Locale;
}): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  const f = formatsFor(locale);
  return compose(
    locale,
    input.to,
    t("disposalWarningSubject"),
    [t("retentionUnused", { lastUse: f.date(input.lastUse), deleteOn: f.date(input.deleteOn) }), t("retentionKeep")],
    { label: t("retentionAction"), url: `${input.origin}/login` },
  );
}

export type DeletionReason = "request" | "disposal" | "admin";

export function accountDeletedMessage(input: { to: string; reason: DeletionReason; locale?: Locale }): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return compose(locale, input.to, t("disposalDeletedSubject"), [
    t("deletedReason", { reason: input.reason }),
    t("deletedWhatGoes"),
    t("deletedContact"),
  ]);
}

/** The link that proves an account holds its email (sent at sign-up, and again on request). */
export function emailVerificationMessage(input: { to: string; url: string; locale?: Locale }): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return compose(locale, input.to, t("verifySubject"), [t("verifyMade"), t("verifyConfirm")], {
    label: t("verifyAction"),
    url: input.url,
  });
}

/** An account's second-factor codes were locked after a hundred wrong ones in a row. */
export function factorLockedMessage(input: { to: string; resetUrl: string; locale?: Locale }): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  return compose(locale, input.to, t("lockedSubject"), [t("lockedWhat"), t("lockedHow")], {
    label: t("lockedAction"),
    url: input.resetUrl,
  });
}

/** An admin told that a webhook endpoint was turned off after three days of failed deliveries (staff mail: English). */
export function webhookDisabledMessage(input: {
  to: string;
  url: string;
  since: Date;
  reason: string;
  pageUrl: string;
}): Message {
  const t = translator("en", "StaffMail");
  return compose(
    "en",
    input.to,
    t("webhookSubject"),
    [
      t("webhookFailed", { url: input.url, since: formatsFor("en").dateTime(input.since) }),
      t("webhookLastFailure", { reason: input.reason }),
      t("webhookAgain"),
    ],
    { label: t("webhookAction"), url: input.pageUrl },
  );
}
