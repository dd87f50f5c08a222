import { useTranslations } from "next-intl";

/** The PDF report as a plain download, for pages without the app's scripts around them (a partner's frame). */
export function ReportLink({
  address,
  applicantName,
  className,
  label,
}: {
  address: string;
  applicantName: string;
  className?: string;
  /** The link's words: "Download the property report (PDF)" unless told. */
  label?: string;
}) {
  const t = useTranslations("Report");
  const street = address.split(", ")[0] ?? address;
  return (
    <a
      href={`/api/property/report?${new URLSearchParams({ address, applicant_name: applicantName, format: "pdf" })}`}
      download
      className={className ?? "inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"}
    >
      {label ?? t("link")}
      <span className="sr-only"> {t("forStreet", { street })}</span>
    </a>
  );
}
