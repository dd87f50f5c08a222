import type { Route } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { EmailProofNotice } from "@/components/auth/email-proof";
import { SecuritySettings } from "@/components/security/security-settings";
import { requirePageUser } from "@/lib/api/page";
import { isStaff, ROLES } from "@/lib/auth/roles";
import { safeCallbackPath } from "@/lib/security/safe-path";
import { securityOf } from "@/lib/services/identity/security";

export async function generateMetadata() {
  const t = await getTranslations("Security");
  return { title: t("title") };
}

/** Where everyone manages their second factors, and where staff without one must set one up before anything else. */
export default async function SecurityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requirePageUser(ROLES, "/account/security", ["enrol"]);
  const status = await securityOf(user);
  const staff = isStaff(user.role);
  const enrolling = status.secondFactor === "enrol";
  const t = await getTranslations("Security");
  const next = safeCallbackPath((await searchParams).callbackUrl, staff ? "/start" : "/dashboard");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        {enrolling ? (
          <div
            className="space-y-2 rounded-xl border-2 border-amber-400 bg-amber-50 p-4"
            data-testid="enrolment-notice"
          >
            <p className="font-semibold">{t("enrolTitle")}</p>
            <p className="text-slate-800">{t("enrolBody", { email: user.email })}</p>
          </div>
        ) : (
          <p className="text-slate-700">
            {t.rich(staff ? "introStaff" : "introHomeowner", {
              link: (chunks) => (
                <Link href={"/account" as Route} className="font-medium text-brand-700 underline">
                  {chunks}
                </Link>
              ),
            })}
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
