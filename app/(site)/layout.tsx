import type { Route } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";

/** The app's own pages: the header with the signed-in user's places, and the main column. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const user = await currentUser().catch(() => undefined);
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link href="/" className="text-lg font-semibold text-brand-700">
            Homeowner Dashboard
          </Link>
          <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
            <Link href="/example" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
              Example property
            </Link>
            {user?.role === "homeowner" && (
              <Link href="/dashboard" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                Your homes
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link href="/lookup" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                Lookup
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link href={"/clients" as Route} className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                Clients
              </Link>
            )}
            {(user?.role === "loan_officer" || user?.role === "admin") && (
              <Link href={"/leads" as Route} className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                Leads
              </Link>
            )}
            {user?.role === "admin" && (
              <Link href="/admin" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
                Admin
              </Link>
            )}
            {user ? (
              <>
                <Link href={"/account" as Route} className="text-sm text-slate-600 underline-offset-4 hover:underline">
                  <span className="hidden sm:inline">
                    {user.email} · {ROLE_LABELS[user.role]}
                  </span>
                  <span className="sm:hidden">Account</span>
                </Link>
                <SignOutButton />
              </>
            ) : (
              <Link href="/login" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                Sign in
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
