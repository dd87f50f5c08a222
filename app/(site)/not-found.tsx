import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/not-found-panel";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NotFound");
  return { title: t("title") };
}

// Pages that call notFound() (another's home, a page of another role) answer inside the app's own layout.
export default function NotFound() {
  return <NotFoundPanel />;
}
