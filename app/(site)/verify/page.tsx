import { SectionMessages } from "@/components/i18n/client-messages";
import type { Route } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { VerifyForm } from "@/components/auth/verify-form";
import { signOut } from "@/components/auth/sign-out";
import { requirePageUser } from "@/lib/api/page";
import { ROLES } from "@/lib/auth/roles";
import { safeCallbackPath } from "@/lib/security/safe-path";

export async function generateMetadata() {
  const t = await getTranslations("SecondFactor");
  return { title: t("verifyTitle") };
}

/** A session that has not given its account's second factor (single sign-on, a reset password) gives it here. */
export default async function VerifyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  const { user } = await requirePageUser(ROLES, "/verify", ["pending"]);
  if (user.secondFactor !== "pending") redirect(callbackUrl as Route);
  const t = await getTranslations("SecondFactor");
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t("verifyTitle")}</h1>
        <p className="text-slate-700">{t("verifyIntro", { email: user.email })}</p>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <SectionMessages section="signIn">
          <VerifyForm callbackUrl={callbackUrl} />
        </SectionMessages>
      </div>
      <form action={signOut} className="text-sm text-slate-700">
        {t.rich("notYou", {
          button: (chunks) => (
            <button type="submit" className="font-medium text-brand-700 underline">
              {chunks}
            </button>
          ),
        })}
      </form>
    </div>
  );
}
