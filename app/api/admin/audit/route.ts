import { AuditPage } from "@/lib/api/answers";
import { auditCsv } from "@/lib/api/audit-csv";
import { route } from "@/lib/api/route";
import { AuditQuery } from "@/lib/api/schemas/audit";
import { exportAuditLog, readAuditPage } from "@/lib/services/audit/admin";

// GET /api/admin/audit?actor=&propertyId=&address=&action=&outcome=&from=&to=&before=&limit=&format=: the activity log,
// newest first, a page at a time as JSON; format=csv streams every matching event as a file (admins; the file, and a
// page of more than 50 events, needs a recent second factor, 403 step_up_required otherwise). Each read is a row of the
// log.
export const GET = route(
  {
    roles: ["admin"],
    query: AuditQuery,
    summary:
      "The activity log, newest first: a page as JSON, or every matching event as CSV (format=csv, or a page of more than 50, needs a second factor given in the last 10 minutes)",
    responses: { 200: { files: ["text/csv"], json: AuditPage } },
  },
  async ({ user, caller, query }) => {
    const { before, limit, format, ...filter } = query;
    if (format === "json") return Response.json(await readAuditPage(caller, filter, { before, limit }, "api"));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(auditCsv(exportAuditLog(user, filter)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="activity-log-${day}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);
