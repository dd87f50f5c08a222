import type { Messages } from "next-intl";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { CLIENT_NAMESPACES, PRIVATE_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";
import { pickMessages } from "@/lib/i18n/messages";

/**
 * The catalogue's namespaces a section's client components read, beside those every page's get (app/layout.tsx): the
 * staff's pages send theirs to staff browsers only, so a homeowner's pages carry none of them.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly (keyof Messages)[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, [...CLIENT_NAMESPACES, ...namespaces])}>{children}</NextIntlClientProvider>;
}

/** What only a proved owner sees (loans, equity, borrowing, the report), with its words and no sooner. */
export function PrivateMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={PRIVATE_CLIENT_NAMESPACES}>{children}</ClientMessages>;
}
