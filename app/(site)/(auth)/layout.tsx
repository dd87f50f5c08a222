import type { ReactNode } from "react";
import { SectionMessages } from "@/components/i18n/client-messages";

/** Signing in and up, a reset, an invitation, a mail's proof: their forms' words, sent with these pages only. */
export default function SignInLayout({ children }: { children: ReactNode }) {
  return <SectionMessages section="signIn">{children}</SectionMessages>;
}
