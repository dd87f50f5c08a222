import type { ReactNode } from "react";
import { StaffMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/providers/query-provider";

/** This page's forms and panels fetch through TanStack Query; the homeowner's pages ship without it. */
export default function QueryLayout({ children }: { children: ReactNode }) {
  return (
    <StaffMessages>
      <QueryProvider>{children}</QueryProvider>
    </StaffMessages>
  );
}
