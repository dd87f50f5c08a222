import { after } from "next/server";
import { UPSTREAM_ERRORS } from "@/lib/api/answers";
import { ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { localeOfRequest } from "@/lib/i18n/server";
import { ReportQuery } from "@/lib/api/schemas/property";
import { recordEngagement } from "@/lib/services/portfolio/engagement";
import { report } from "@/lib/services/lookups/lookups";

export const GET = route(
  {
    roles: ROLES,
    tokenScope: "lookups",
    query: ReportQuery,
    summary: "The property report as PDF, HTML or JSON (homeowners: of their own proved home)",
    responses: { 200: { files: ["application/pdf", "text/html", "application/json"] } },
    errors: UPSTREAM_ERRORS,
  },
  async ({ caller, query, request }) => {
    const locale = localeOfRequest(request, caller.user);
    const file = await report(caller, {
      address: query.address,
      applicantName: query.applicant_name,
      format: query.format,
      locale,
    });
    // A homeowner who downloads their report may be getting ready to borrow: their officer hears of it.
    if (caller.user.role === "homeowner") after(() => recordEngagement(caller.user.id, "report_download"));
    return new Response(file.body as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.body.byteLength),
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
        ...(file.stale ? { "X-Data-Stale": "true" } : {}),
      },
    });
  },
);
