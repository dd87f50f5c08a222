import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/account-forms";

export async function generateMetadata() {
  const t = await getTranslations("PasswordReset");
  return { title: t("forgotTitle") };
}

export default function ForgotPasswordPage() {
  const t = useTranslations("PasswordReset");
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{t("forgotTitle")}</h1>
      <p className="text-slate-700">{t("forgotIntro")}</p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <ForgotPasswordForm />
      </div>
    </div>
  );
}
