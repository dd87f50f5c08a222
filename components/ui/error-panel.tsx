import { useTranslations } from "next-intl";
/** A failure a person can read, in place of what could not be loaded, with a way to ask again. */
export function ErrorPanel({
  title,
  message,
  retryHref,
  nested = false,
}: {
  title: string;
  message: string;
  retryHref?: string;
  nested?: boolean;
}) {
  // In place of a whole page it is the page's heading; inside a section, a heading under the section's.
  const Heading = nested ? "h3" : "h1";
  const t = useTranslations("Common");
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6">
      <Heading className={nested ? "font-semibold" : "text-xl font-semibold"}>{title}</Heading>
      <p className="mt-2">{message}</p>
      {retryHref && (
        <a
          href={retryHref}
          className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
        >
          {t("tryAgain")}
        </a>
      )}
    </div>
  );
}
