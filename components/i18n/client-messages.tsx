import type { Messages } from "next-intl";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { isStaff } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { CLIENT_NAMESPACES, PRIVATE_CLIENT_NAMESPACES, STAFF_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";
import { pickMessages } from "@/lib/i18n/messages";

/**
 * The catalogue's namespaces a section's client components read, beside those every page's get (app/layout.tsx): the
 * staff's pages send theirs to staff browsers only, so a homeowner's pages carry none of them.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly (keyof Messages)[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, [...CLIENT_NAMESPACES, ...namespaces])}>
      {children}
    </NextIntlClientProvider>
  );
}

/** What only a proved owner sees (loans, equity, borrowing, the report), with its words and no sooner. */
export function PrivateMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={PRIVATE_CLIENT_NAMESPACES}>{children}</ClientMessages>;
}

/**
 * A staff section's client words, sent to staff only: a homeowner who opens a staff page gets its 404 without them
 * (they hold the labels of loans and equity the lookup shows).
 */
export async function StaffMessages({ children }: { children: ReactNode }) {
  const user = await currentUser().catch(() => undefined);
  return user && isStaff(user.role) ? (
    <ClientMessages namespaces={STAFF_CLIENT_NAMESPACES}>{children}</ClientMessages>
  ) : (
    children
  );
}
