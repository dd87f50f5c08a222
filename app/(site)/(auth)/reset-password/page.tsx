import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/account-forms";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PasswordReset");
  return { title: t("title"), referrer: "no-referrer" };
}

/** A reset link's page, and a staff invitation's (`first`: only the words differ; the token decides what it may do). */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token, first } = await searchParams;
  const invited = first === "1";
  const t = await getTranslations("PasswordReset");
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{invited ? t("headingFirst") : t("heading")}</h1>
      {typeof token === "string" && token ? (
        <>
          <p className="text-slate-700">{invited ? t("introFirst") : t("intro")}</p>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <ResetPasswordForm token={token} first={invited} />
          </div>
        </>
      ) : (
        <p className="text-slate-700">
          {t.rich("needsLink", {
            link: (chunks) => (
              <Link href="/forgot-password" className="font-medium text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      )}
    </div>
  );
}
