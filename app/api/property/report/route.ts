import { route } from "@/lib/api/route";
import { ReportQuery } from "@/lib/api/schemas";
import { report } from "@/lib/services/lookups";

// GET /api/property/report?address=&applicant_name=&format=pdf|html|json: the report as a download
export const GET = route({ roles: ["homeowner", "loan_officer", "admin"], query: ReportQuery }, async ({ caller, query }) => {
  const file = await report(caller, { address: query.address, applicantName: query.applicant_name, format: query.format });
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      ...(file.stale ? { "X-Data-Stale": "true" } : {}),
    },
  });
});
