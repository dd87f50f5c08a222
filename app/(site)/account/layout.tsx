import type { ReactNode } from "react";
import { SectionMessages } from "@/components/i18n/client-messages";

/** The account's forms (password, factors, data rights, tokens): their words, sent with these pages only. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <SectionMessages section="account">{children}</SectionMessages>;
}
