import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/providers/query-provider";
import { STAFF_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";

/** This page's forms and panels fetch through TanStack Query; the homeowner's pages ship without it. */
export default function QueryLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={STAFF_CLIENT_NAMESPACES}>
      <QueryProvider>{children}</QueryProvider>
    </ClientMessages>
  );
}
