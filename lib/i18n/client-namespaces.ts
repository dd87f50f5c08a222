import type { Messages } from "next-intl";

/**
 * The catalogue's namespaces that client components (`"use client"`) read with `useTranslations`, and who gets them.
 * Every page gets `CLIENT_NAMESPACES` (app/layout.tsx): the words of what any page can show (its header, an error, a
 * failed request's reason). A section's words go with that section alone (`SectionMessages`,
 * components/i18n/client-messages.tsx, added to what the page already has): the dashboard does not carry the sign-in
 * form's words, nor the sign-in page the dashboard's. Server components read the whole catalogue on the server.
 * `client-namespaces.test.ts` reads every page's client components and fails on a namespace its page is not sent:
 * such a component would show its keys.
 */
export const CLIENT_NAMESPACES = [
  "Common",
  "LanguageSwitch",
  "PageError",
  "Errors",
] as const satisfies readonly (keyof Messages)[];

/** A step-up (a fresh second factor before a sensitive change) asks for the factor in a dialog of its own. */
const STEP_UP = ["StepUp", "SecondFactor"] as const satisfies readonly (keyof Messages)[];

/**
 * The client namespaces of what only a proved owner (or staff) sees: loans, equity, borrowing, the report. Sent only
 * with those components (components/i18n/client-messages.tsx), so a page before proof carries not even their words.
 */
export const PRIVATE_CLIENT_NAMESPACES = [
  "Equity",
  "Charts",
  "Borrowing",
  "OwnerFigures",
  "QuoteRequest",
  "Report",
] as const satisfies readonly (keyof Messages)[];

/**
 * The client namespaces staff pages read: sent by the staff's sections (components/i18n/client-messages.tsx), to staff
 * only. Those of a proved owner's (above) and the step-up's and tokens' words of the account's pages are among them;
 * the rest never reach a homeowner's page.
 */
export const STAFF_CLIENT_NAMESPACES = [
  ...PRIVATE_CLIENT_NAMESPACES,
  ...STEP_UP,
  // A staff page's prompt for the step-up when its read is past the session's allowance.
  "StepUpToRead",
  // An admin's own API tokens, and the widget's snippet beside a registered site.
  "ApiTokens",
  "EmbedCode",
  // The lookup's panels (client components) show the branded estimate and the facts.
  "Estimate",
  "PropertyFacts",
  "FactCodes",
  "AddStaff",
  "AdminForms",
  "AuditVerify",
  "StaffList",
  "Sites",
  "Webhooks",
  "OfficerProfile",
  "Organization",
  "AssignOfficer",
  "UsageChart",
  "ClientActions",
  "ImportClients",
  "AddClient",
  "ClientNotes",
  "InviteClient",
  "LookupWorkspace",
  "LookupPanels",
  "BatchLookup",
  "LeadStatus",
  "AddressCodes",
] as const satisfies readonly (keyof Messages)[];

/** The sections of the site whose client words are sent with their pages only: `<SectionMessages section="…">`. */
export const SECTION_NAMESPACES = {
  /** Signing in and up, a password reset, an invitation, a mail's proof (the `(auth)` pages and `/verify`). */
  signIn: ["Login", "Signup", "PasswordReset", "PasswordStrength", "Invite", "Security", "VerifyEmail", "SecondFactor"],
  /** The account's pages: password, factors, data rights, tokens, the officer's lead mail. */
  account: [
    ...STEP_UP,
    "PasswordReset",
    "PasswordStrength",
    "Invite",
    "Security",
    "VerifyEmail",
    "Passkeys",
    "Authenticator",
    "RecoveryCodes",
    "DataRights",
    "ApiTokens",
    "LeadMail",
  ],
  /** A homeowner's homes (the dashboard, a home's page, the partner's embedded ones): proof, and reaching the officer. */
  home: ["Ownership", "ContactOfficer", "LeadSent", "Consent"],
  /** Adding a home. */
  onboarding: ["Onboarding", "AddressStatus"],
  /** What only a proved owner (or staff) sees. */
  private: PRIVATE_CLIENT_NAMESPACES,
  /** Staff pages. */
  staff: STAFF_CLIENT_NAMESPACES,
} as const satisfies Record<string, readonly (keyof Messages)[]>;

export type Section = keyof typeof SECTION_NAMESPACES;
