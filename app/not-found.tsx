import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/ui/not-found-panel";

export const metadata: Metadata = { title: "Page not found" };

// An address that matches no page at all: the same panel, in the bare root layout.
export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-16">
      <NotFoundPanel />
    </main>
  );
}
