import type { Messages } from "next-intl";

/**
 * The catalogue's namespaces that client components (`"use client"`) read with `useTranslations`: only these are sent
 * to the browser with each page (app/layout.tsx); server components read the rest on the server. A client component
 * that reads a namespace missing here shows its key, and the Spanish pass (e2e/spanish.spec.ts) fails.
 */
export const CLIENT_NAMESPACES = [
  "Common",
  "LanguageSwitch",
  "PageError",
  "Errors",
  "Login",
  "Signup",
  "PasswordReset",
  "PasswordStrength",
  "Invite",
  "VerifyEmail",
  "SecondFactor",
  "StepUp",
  "Security",
  "Passkeys",
  "Authenticator",
  "RecoveryCodes",
  "DataRights",
  "ApiTokens",
  "ContactOfficer",
  "LeadSent",
  "Consent",
  "LeadMail",
  "Ownership",
  "AddressStatus",
  "Onboarding",
  // The embed demo page (public) shows the widget's snippet.
  "EmbedCode",
] as const satisfies readonly (keyof Messages)[];

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
 * The client namespaces only staff pages read: sent by the staff's sections (components/i18n/client-messages.tsx),
 * never with a homeowner's page.
 */
export const STAFF_CLIENT_NAMESPACES = [
  ...PRIVATE_CLIENT_NAMESPACES,
  // The lookup's panels (client components) show the branded estimate and the facts.
  "Estimate",
  "PropertyFacts",
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
  "InviteClient",
  "LookupWorkspace",
  "LookupPanels",
  "BatchLookup",
  "LeadStatus",
  "AddressCodes",
] as const satisfies readonly (keyof Messages)[];
