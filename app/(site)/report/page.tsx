import type { Metadata } from "next";
import { OpenReportButton } from "@/components/report/open-report-button";
import { ReportLinkQuery } from "@/lib/api/schemas";
import { reportLinkState, type ReportLinkState } from "@/lib/services/report-links";

export const metadata: Metadata = { title: "Your home report" };

const REFUSED: Record<Exclude<ReportLinkState, "ready">, { title: string; text: string }> = {
  unknown: { title: "This link is not complete", text: "This report link is not one we sent. Copy the whole link from the email." },
  used: {
    title: "This link was already used",
    text: "Each report link opens the report once, and this one has been opened. To get the report again, ask for it on the site where you saw your home's value.",
  },
  expired: {
    title: "This link has expired",
    text: "Report links work for 7 days. To get the report again, ask for it on the site where you saw your home's value.",
  },
};

/**
 * Where the widget's report mail leads. Opening the page spends nothing (mail scanners open links first); the button
 * opens the report, once.
 */
export default async function ReportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const link = ReportLinkQuery.safeParse(await searchParams);
  const state = link.success ? await reportLinkState(link.data.token) : "unknown";
  const refused = state === "ready" ? undefined : REFUSED[state];
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{refused ? refused.title : "Your home report"}</h1>
      {refused || !link.success ? (
        <p role="alert">{refused?.text}</p>
      ) : (
        <>
          <p>Your full report is ready: your home&apos;s estimated value, its range and its facts. The link opens it once, so keep the file.</p>
          <OpenReportButton token={link.data.token} />
        </>
      )}
    </div>
  );
}
