import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { toCsv } from "@/lib/format/csv";
import { clientsForExport, EXPORT_COLUMNS } from "@/lib/services/portfolio/client-export";

// GET /api/clients/export: the officer's clients as CSV (admins: everyone's); customer records, so it needs a recent
// second factor (403 step_up_required otherwise)
export const GET = route(
  {
    roles: STAFF,
    stepUp: "clients.export",
    summary: "Download your clients as CSV (admins: everyone's); needs a second factor given in the last 10 minutes",
    responses: { 200: { files: ["text/csv"] } },
  },
  async ({ user }) => {
    const rows = await clientsForExport(user);
    // Every cell safe to open in a spreadsheet (a leading ' before = + - @ tab CR); with no clients, the header alone.
    const csv = rows.length ? toCsv(rows) : `${EXPORT_COLUMNS.join(",")}\r\n`;
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="clients-${day}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);
