import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentUser } from "@/lib/auth/session";

const FEATURES = [
  { title: "homeownersTitle", text: "homeownersText" },
  { title: "officersTitle", text: "officersText" },
  { title: "websiteTitle", text: "websiteText" },
] as const;

const primary = "inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900";
const secondary =
  "inline-block rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50";

export default async function HomePage() {
  const [t, user] = await Promise.all([getTranslations("Landing"), currentUser()]);
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("heading")}</h1>
        <p className="max-w-2xl text-lg text-slate-700">{t("intro")}</p>
        {/* A newcomer's way in is the first thing offered: an account of their own, or signing in to the one they have. */}
        <div className="flex flex-wrap items-center gap-3">
          {user ? (
            <Link href={user.role === "homeowner" ? "/dashboard" : "/lookup"} className={primary}>
              {t("open", { role: user.role })}
            </Link>
          ) : (
            <>
              <Link href="/signup" className={primary}>
                {t("createAccount")}
              </Link>
              <Link href="/login" className={secondary}>
                {t("signIn")}
              </Link>
            </>
          )}
          <Link href="/example" className="px-2 py-3 font-medium text-brand-700 underline-offset-4 hover:underline">
            {t("cta")}
          </Link>
        </div>
        {!user && <p className="text-sm text-slate-700">{t("accountWhy")}</p>}
      </section>
      <ul className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">{t(feature.title)}</h2>
            <p className="mt-2 text-sm text-slate-700">{t(feature.text)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
