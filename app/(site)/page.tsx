import Link from "next/link";
import { useTranslations } from "next-intl";

const FEATURES = [
  { title: "homeownersTitle", text: "homeownersText" },
  { title: "officersTitle", text: "officersText" },
  { title: "websiteTitle", text: "websiteText" },
] as const;

export default function HomePage() {
  const t = useTranslations("Landing");
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("heading")}</h1>
        <p className="max-w-2xl text-lg text-slate-700">{t("intro")}</p>
        <Link
          href="/example"
          className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900"
        >
          {t("cta")}
        </Link>
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
