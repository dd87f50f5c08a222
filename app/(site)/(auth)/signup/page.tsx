import { getTranslations } from "next-intl/server";
import type { Route } from "next";
import Link from "next/link";
import { carriedAddress } from "@/components/address/carried-address";
import { SignUpForm } from "@/components/auth/signup-form";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export async function generateMetadata() {
  const t = await getTranslations("Signup");
  return { title: t("title") };
}

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // The address someone valued in the widget comes along to onboarding, whether they sign up or sign in.
  const address = carriedAddress((await searchParams).address);
  const t = await getTranslations("Signup");
  const next = address ? `/onboarding?address=${encodeURIComponent(address)}` : "/onboarding";
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      <p className="text-slate-700">{t("intro")}</p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <SignUpForm minPasswordLength={MIN_PASSWORD_LENGTH} next={next} />
      </div>
      <p className="text-sm text-slate-700">
        {t.rich("haveAccount", {
          link: (chunks) => (
            <Link
              href={(address ? `/login?callbackUrl=${encodeURIComponent(next)}` : "/login") as Route}
              className="font-medium text-brand-700 underline"
            >
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
