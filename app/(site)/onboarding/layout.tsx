import type { ReactNode } from "react";
import { SectionMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/providers/query-provider";

/**
 * This page's forms and panels fetch through TanStack Query; the homeowner's pages ship without it. Its words are sent
 * with it only.
 */
export default function QueryLayout({ children }: { children: ReactNode }) {
  return (
    <SectionMessages section="onboarding">
      <QueryProvider>{children}</QueryProvider>
    </SectionMessages>
  );
}
