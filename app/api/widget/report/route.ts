import { route } from "@/lib/api/route";
import { ReportLinkQuery } from "@/lib/api/schemas/widget";
import { appOrigin } from "@/lib/env";
import { openReportLink } from "@/lib/services/leads/report-links";
import { widgetLocale } from "@/app/embed/valuation/locale";
import { publicReportHtml } from "./report-html";

// POST /api/widget/report?token=: opens the report link a widget visitor was mailed, once (the /report page's button;
// opening the page itself, as mail scanners do, spends nothing). The report is one HTML file: the home's public facts
// and the branded estimate.
export const POST = route(
  {
    roles: "public",
    query: ReportLinkQuery,
    summary:
      "Open a widget visitor's report link, once: the home's public report as an HTML file (no sign-in; 410 when used or expired)",
    responses: { 200: { files: ["text/html"], description: "The report, to save or print" } },
    errors: [404, 410, 429, 502, 503, 504],
  },
  async ({ request, query, caller }) => {
    const report = await openReportLink(query.token, caller.ip);
    // In the visitor's language: `?lang=` (the report link carries the widget's), else their cookie or browser's.
    return new Response(publicReportHtml(report, appOrigin, widgetLocale(request)), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": 'attachment; filename="home-report.html"',
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
