import { useTranslations } from "next-intl";

/** What the dashboard shows while the homes are read from the service (a cached answer skips it altogether). */
export function HomesSkeleton() {
  const t = useTranslations("Dashboard");
  return (
    <div className="space-y-8" aria-busy="true" aria-label={t("loading")}>
      <div className="h-9 w-56 animate-pulse rounded bg-slate-200" />
      {/* The totals of the proved homes, then their cards. */}
      <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 md:grid-cols-2">
        <div className="h-36 animate-pulse rounded-xl bg-slate-100" />
        <div className="h-16 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1].map((i) => (
          <div key={i} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
            <div className="h-6 w-2/3 animate-pulse rounded bg-slate-200" />
            <div className="h-32 animate-pulse rounded-xl bg-slate-100" />
            <div className="h-10 animate-pulse rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
