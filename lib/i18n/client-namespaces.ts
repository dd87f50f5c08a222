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
