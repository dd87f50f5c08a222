/** The PDF report as a plain download, for pages without the app's scripts around them (a partner's frame). */
export function ReportLink({
  address,
  applicantName,
  className,
  label = "Download the property report (PDF)",
}: {
  address: string;
  applicantName: string;
  className?: string;
  label?: string;
}) {
  const street = address.split(", ")[0];
  return (
    <a
      href={`/api/property/report?${new URLSearchParams({ address, applicant_name: applicantName, format: "pdf" })}`}
      download
      className={className ?? "inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"}
    >
      {label}
      <span className="sr-only"> for {street}</span>
    </a>
  );
}
