import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Choose a password", referrer: "no-referrer" };

/** A reset link's page, and a staff invitation's (`first`: only the words differ; the token decides what it may do). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, first } = await searchParams;
  const invited = first === "1";
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{invited ? "Choose your password" : "Choose a new password"}</h1>
      {typeof token === "string" && token ? (
        <>
          <p className="text-slate-700">
            {invited
              ? "Welcome. Choose the password of your staff account; this browser then signs in, and you set up a second factor (a passkey or an authenticator app)."
              : "Every device signed in to your account will be signed out; this browser signs in with the new password."}
          </p>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <ResetPasswordForm token={token} first={invited} />
          </div>
        </>
      ) : (
        <p className="text-slate-700">
          This page needs the link from the email.{" "}
          <Link href="/forgot-password" className="font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      )}
    </div>
  );
}
