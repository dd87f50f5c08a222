import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";

/** This page's forms and panels fetch through TanStack Query; the homeowner's pages ship without it. */
export default function QueryLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
