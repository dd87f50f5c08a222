import { useTranslations } from "next-intl";
import Link from "next/link";

/**
 * What a missing page, or one that is not the visitor's to see, says: the same words for both (someone else's home
 * looks exactly like no home), and the ways back.
 */
export function NotFoundPanel() {
  const t = useTranslations("NotFound");
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("eyebrow")}</p>
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p className="text-slate-700">{t("body")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href="/start" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
          {t("yourPage")}
        </Link>
        <Link
          href="/"
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("home")}
        </Link>
      </div>
    </div>
  );
}
