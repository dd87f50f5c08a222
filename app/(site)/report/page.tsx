import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { OpenReportButton } from "@/components/report/open-report-button";
import { ReportLinkQuery } from "@/lib/api/schemas/widget";
import { reportLinkState, type ReportLinkState } from "@/lib/services/leads/report-links";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ReportPage");
  return { title: t("title") };
}

/** Why a link does not open the report: its title and its words in the `ReportPage` namespace. */
const REFUSED = {
  unknown: { title: "unknownTitle", text: "unknownText" },
  used: { title: "usedTitle", text: "usedText" },
  expired: { title: "expiredTitle", text: "expiredText" },
} as const satisfies Record<Exclude<ReportLinkState, "ready">, { title: string; text: string }>;

/**
 * Where the widget's report mail leads. Opening the page spends nothing (mail scanners open links first); the button
 * opens the report, once.
 */
export default async function ReportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const link = ReportLinkQuery.safeParse(await searchParams);
  const [state, t] = await Promise.all([
    link.success ? reportLinkState(link.data.token) : ("unknown" as const),
    getTranslations("ReportPage"),
  ]);
  const refused = state === "ready" ? undefined : REFUSED[state];
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{t(refused ? refused.title : "title")}</h1>
      {refused || !link.success ? (
        <p role="alert">{refused && t(refused.text)}</p>
      ) : (
        <>
          <p>{t("ready")}</p>
          <ClientMessages namespaces={["Report"]}>
            <OpenReportButton token={link.data.token} />
          </ClientMessages>
        </>
      )}
    </div>
  );
}
