import type { Metadata, Route } from "next";
import Link from "next/link";
import { ConfirmEmailForm } from "@/components/auth/email-proof";
import { currentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

/** The page of the link mailed at sign-up: the token is spent only by the button, never by opening the page. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const user = await currentUser();
  const here = `/verify-email?token=${encodeURIComponent(typeof token === "string" ? token : "")}`;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Confirm your email</h1>
      {typeof token === "string" && token && !user ? (
        <p className="text-slate-700">
          Sign in to the account this link was sent for, then confirm: the link proves the email only together with the account&apos;s password.{" "}
          <Link href={`/login?callbackUrl=${encodeURIComponent(here)}` as Route} className="font-medium text-brand-700 underline">
            Sign in to confirm
          </Link>
        </p>
      ) : typeof token === "string" && token ? (
        <>
          <p className="text-slate-700">Confirm that {user?.email} is yours. The link works once, for 24 hours.</p>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <ConfirmEmailForm token={token} />
          </div>
        </>
      ) : (
        <p className="text-slate-700">
          This page needs the link from the email.{" "}
          <Link href={"/account/security" as Route} className="font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      )}
    </div>
  );
}
