import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      {typeof token === "string" && token ? (
        <>
          <p className="text-slate-700">Every device signed in to your account will be signed out; this browser signs in with the new password.</p>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <ResetPasswordForm token={token} />
          </div>
        </>
      ) : (
        <p className="text-slate-700">
          This page needs the link from the reset email.{" "}
          <Link href="/forgot-password" className="font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      )}
    </div>
  );
}
