import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";
import { pickMessages } from "@/lib/i18n/messages";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Metadata");
  return { title: { default: t("title"), template: t("titleTemplate") }, description: t("description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider messages={pickMessages(messages, CLIENT_NAMESPACES)}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
