import type { ReactNode } from "react";
import { StaffMessages } from "@/components/i18n/client-messages";

/** A staff section: its client components' words go to staff browsers only. */
export default function StaffSectionLayout({ children }: { children: ReactNode }) {
  return <StaffMessages>{children}</StaffMessages>;
}
