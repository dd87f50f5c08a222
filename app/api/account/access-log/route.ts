import { AccessLog } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { homeAccessLog } from "@/lib/services/audit/access-log";

export const GET = route(
  {
    roles: ["homeowner"],
    summary: "Who looked at my home's records: reads of the account's proved homes by anyone else",
    responses: { 200: AccessLog },
  },
  async ({ caller }) =>
    Response.json({ entries: await homeAccessLog(caller) }, { headers: { "Cache-Control": "private, no-store" } }),
);
