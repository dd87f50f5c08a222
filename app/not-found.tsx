import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/not-found-panel";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NotFound");
  return { title: t("title") };
}

// An address that matches no page at all: the same panel, in the bare root layout.
export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-16">
      <NotFoundPanel />
    </main>
  );
}
