import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/ui/not-found-panel";

export const metadata: Metadata = { title: "Page not found" };

// Pages that call notFound() (another's home, a page of another role) answer inside the app's own layout.
export default function NotFound() {
  return <NotFoundPanel />;
}
