import type { Metadata, Route } from "next";
import Link from "next/link";
import { EmailProofNotice } from "@/components/auth/email-proof";
import { SecuritySettings } from "@/components/security/security-settings";
import { requirePageUser } from "@/lib/api/page";
import { isStaff, ROLES } from "@/lib/auth/roles";
import { safeCallbackPath } from "@/lib/security/safe-path";
import { securityOf } from "@/lib/services/security";

export const metadata: Metadata = { title: "Sign-in and security" };

/** Where everyone manages their second factors, and where staff without one must set one up before anything else. */
export default async function SecurityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requirePageUser(ROLES, "/account/security", ["enrol"]);
  const status = await securityOf(user);
  const staff = isStaff(user.role);
  const enrolling = status.secondFactor === "enrol";
  const next = safeCallbackPath((await searchParams).callbackUrl, staff ? "/lookup" : "/dashboard");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Sign-in and security</h1>
        {enrolling ? (
          <div className="space-y-2 rounded-xl border-2 border-amber-400 bg-amber-50 p-4" data-testid="enrolment-notice">
            <p className="font-semibold">Set up a second factor to continue.</p>
            <p className="text-slate-800">
              Loan officers and admins must sign in with their password and a second factor. Add a passkey or an authenticator app below before anything else:
              until then the rest of the app stays closed to {user.email}.
            </p>
          </div>
        ) : (
          <p className="text-slate-700">
            {staff
              ? "Your role signs in with a password and a second factor: a passkey or a code from an authenticator app."
              : "A second factor is optional for homeowners. A passkey lets you sign in without a password; an authenticator app adds a code to your password."}{" "}
            <Link href={"/account" as Route} className="font-medium text-brand-700 underline">
              Back to your account
            </Link>
          </p>
        )}
      </div>
      {!staff && !status.emailVerified && <EmailProofNotice email={user.email} />}
      <SecuritySettings
        next={next}
        view={{
          totp: status.totp,
          passkeys: status.passkeys,
          recoveryCodesLeft: status.recoveryCodesLeft,
          enrolling,
          homeowner: !staff,
        }}
      />
    </div>
  );
}
