import type { Metadata, Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ConfirmEmailForm } from "@/components/auth/email-proof";
import { currentUser } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("VerifyEmail");
  return { title: t("title"), referrer: "no-referrer" };
}

/** The page of the link mailed at sign-up: the token is spent only by the button, never by opening the page. */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const user = await currentUser();
  const t = await getTranslations("VerifyEmail");
  const here = `/verify-email?token=${encodeURIComponent(typeof token === "string" ? token : "")}`;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      {typeof token === "string" && token && !user ? (
        <p className="text-slate-700">
          {t.rich("signInFirst", {
            link: (chunks) => (
              <Link
                href={`/login?callbackUrl=${encodeURIComponent(here)}` as Route}
                className="font-medium text-brand-700 underline"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : typeof token === "string" && token ? (
        <>
          <p className="text-slate-700">{t("confirmIntro", { email: user?.email ?? "" })}</p>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <ConfirmEmailForm token={token} />
          </div>
        </>
      ) : (
        <p className="text-slate-700">
          {t.rich("needsLink", {
            link: (chunks) => (
              <Link href={"/account/security" as Route} className="font-medium text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      )}
    </div>
  );
}
