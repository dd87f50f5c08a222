import type { Metadata, Route } from "next";
import { redirect } from "next/navigation";
import { VerifyForm } from "@/components/auth/verify-form";
import { signOut } from "@/components/auth/sign-out";
import { requirePageUser } from "@/lib/api/page";
import { ROLES } from "@/lib/auth/roles";
import { safeCallbackPath } from "@/lib/security/safe-path";

export const metadata: Metadata = { title: "Finish signing in" };

/** A session that has not given its account's second factor (single sign-on, a reset password) gives it here. */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  const { user } = await requirePageUser(ROLES, "/verify", ["pending"]);
  if (user.secondFactor !== "pending") redirect(callbackUrl as Route);
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Finish signing in</h1>
        <p className="text-slate-700">
          Your account ({user.email}) has a second factor: give it to open the app. Use a code from your authenticator app, a recovery code, or your passkey.
        </p>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <VerifyForm callbackUrl={callbackUrl} />
      </div>
      <form action={signOut} className="text-sm text-slate-700">
        Not you, or no factor at hand?{" "}
        <button type="submit" className="font-medium text-brand-700 underline">
          Sign out
        </button>
      </form>
    </div>
  );
}
