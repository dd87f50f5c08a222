import type { Route } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { currentUser } from "@/lib/auth/session";

/** The app's own pages: the header with the signed-in user's places, and the main column. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const [user, t] = await Promise.all([currentUser().catch(() => undefined), getTranslations("Layout")]);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label={t("mainNav")} className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link href="/" className="shrink-0 text-lg font-semibold whitespace-nowrap text-brand-700">
            {t("brand")}
          </Link>
          <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
            <LanguageSwitch compact />
            <Link href="/example" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
              {t("example")}
            </Link>
            {user?.role === "homeowner" && (
              <Link href="/dashboard" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                {t("yourHomes")}
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link
                href={"/today" as Route}
                // Not fetched ahead: reading the first screen marks the officer's alerts seen.
                prefetch={false}
                className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline"
              >
                {t("today")}
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link href="/lookup" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                {t("lookup")}
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link
                href={"/clients" as Route}
                className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline"
              >
                {t("clients")}
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link
                href={"/leads" as Route}
                className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline"
              >
                {t("leads")}
              </Link>
            )}
            {user?.role === "admin" && (
              <Link href="/admin" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                {t("admin")}
              </Link>
            )}
            {user ? (
              <>
                <Link href={"/account" as Route} className="text-sm text-slate-600 underline-offset-4 hover:underline">
                  <span className="hidden sm:inline">
                    {user.email} · {t("role", { role: user.role })}
                  </span>
                  <span className="sm:hidden">{t("account")}</span>
                </Link>
                <SignOutButton />
              </>
            ) : (
              <Link href="/login" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                {t("signIn")}
              </Link>
            )}
          </div>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-10">
        {children}
      </main>
    </>
  );
}
