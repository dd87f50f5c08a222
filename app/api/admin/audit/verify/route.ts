import { AuditChainCheck } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { verifyAuditLog } from "@/lib/services/audit/admin";

export const GET = route(
  {
    roles: ["admin"],
    summary: "Check the activity log's chain of hashes: ok, the rows checked, and the first row that was altered",
    responses: { 200: AuditChainCheck },
  },
  async () => Response.json(await verifyAuditLog()),
);
