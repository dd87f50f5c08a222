import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/api/page";

/** Homeowners only; checked above the loading boundary so a refusal is a real 404, not a streamed one. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await requirePageUser(["homeowner"], "/dashboard");
  return children;
}
