import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { STAFF_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";

/** A staff section: its client components' words go to staff browsers only. */
export default function StaffSectionLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={STAFF_CLIENT_NAMESPACES}>{children}</ClientMessages>;
}
