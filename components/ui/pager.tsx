import { useTranslations } from "next-intl";
import type { Route } from "next";
import Link from "next/link";

const link = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50";
const idle = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-500";

/**
 * Links to the first, previous, next and last pages of a list, and which page this is. A plain link each: the page's
 * address says what is shown, so it can be bookmarked, shared and opened without script.
 */
export function Pager({
  label,
  page,
  pages,
  href,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const t = useTranslations("Pager");
  if (pages <= 1) return null;
  const to = (target: number, text: string, rel?: string) =>
    target === page || target < 1 || target > pages ? (
      <span className={idle} aria-disabled="true">
        {text}
      </span>
    ) : (
      <Link className={link} href={href(target) as Route} rel={rel}>
        {text}
      </Link>
    );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      {to(1, t("first"))}
      {to(Math.min(page - 1, pages), t("previous"), "prev")}
      <span className="px-2 text-sm" aria-current="page">
        {t("page", { page, pages })}
      </span>
      {to(page + 1, t("next"), "next")}
      {to(pages, t("last"))}
    </nav>
  );
}
