import type { Messages } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { isStaff } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { SECTION_NAMESPACES, type Section } from "@/lib/i18n/client-namespaces";
import { pickMessages } from "@/lib/i18n/messages";
import { MoreMessages } from "./more-messages";

/**
 * The catalogue's namespaces a part of a page's client components read, beside those every page gets (app/layout.tsx):
 * sent with that part only, and merged in the browser into what the page already has.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly (keyof Messages)[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  return <MoreMessages messages={pickMessages(messages, namespaces)}>{children}</MoreMessages>;
}

/** A section's client words (lib/i18n/client-namespaces.ts), sent with its pages only. */
export function SectionMessages({ section, children }: { section: Section; children: ReactNode }) {
  return <ClientMessages namespaces={SECTION_NAMESPACES[section]}>{children}</ClientMessages>;
}

/** What only a proved owner sees (loans, equity, borrowing, the report), with its words and no sooner. */
export function PrivateMessages({ children }: { children: ReactNode }) {
  return <SectionMessages section="private">{children}</SectionMessages>;
}

/**
 * A staff section's client words, sent to staff only: a homeowner who opens a staff page gets its 404 without them
 * (they hold the labels of loans and equity the lookup shows).
 */
export async function StaffMessages({ children }: { children: ReactNode }) {
  const user = await currentUser().catch(() => undefined);
  return user && isStaff(user.role) ? <SectionMessages section="staff">{children}</SectionMessages> : children;
}
