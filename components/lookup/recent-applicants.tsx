import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Route } from "next";
import type { RecentApplicant } from "@/lib/services/lookups/recent-applicants";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * The applicants this officer verified, last first. Each link reopens the lookup of its address; the page fills the
 * name from the officer's own list, so the name never travels in the URL (nor the browser's history or server logs).
 */
export function RecentApplicants({ applicants }: { applicants: RecentApplicant[] }) {
  const t = useTranslations("Lookup");
  const f = useFormats();
  return (
    <section aria-labelledby="applicants-title" className="space-y-2">
      <h2 id="applicants-title" className="text-lg font-semibold">
        {t("applicantsTitle")}
      </h2>
      {applicants.length === 0 ? (
        <p className="text-sm text-slate-600">{t("applicantsNone")}</p>
      ) : (
        <ol className="space-y-2 text-sm" aria-label={t("applicantsLabel")}>
          {applicants.map((a) => (
            <li key={a.address}>
              <Link
                href={`/lookup?address=${encodeURIComponent(a.address)}` as Route}
                aria-label={`${a.applicant}, ${a.address}`}
                className="text-brand-700 underline"
              >
                {a.applicant}
                <span className="block text-slate-700">{a.address}</span>
              </Link>
              <time dateTime={a.lookedUpAt.toISOString()} className="block text-xs text-slate-600">
                {f.dateTime(a.lookedUpAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
