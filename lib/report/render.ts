import { PropertyReport } from "@/lib/property-api";
import type { Locale } from "@/lib/i18n/locales";
import { renderReportHtml } from "./html";
import { renderReportPdf } from "./pdf";

/**
 * The report as a file in a reader's language, rendered by the app from the service's JSON answer (the service writes
 * English only): the same pages, said in `locale`. Undefined when the answer is not a report this app can read.
 */
export async function renderReportFile(
  json: Uint8Array,
  format: "pdf" | "html",
  locale: Locale,
): Promise<{ contentType: string; body: Uint8Array } | undefined> {
  let parsed;
  try {
    parsed = PropertyReport.safeParse(JSON.parse(Buffer.from(json).toString("utf8")));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  if (format === "html")
    return {
      contentType: "text/html; charset=utf-8",
      body: Buffer.from(renderReportHtml(parsed.data, { locale }), "utf8"),
    };
  return {
    contentType: "application/pdf",
    body: new Uint8Array(await new Response(renderReportPdf(parsed.data, { locale })).arrayBuffer()),
  };
}
