import { AccountExport } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { exportAccount } from "@/lib/services/audit/account-export";

export const GET = route(
  {
    roles: ["homeowner"],
    summary:
      "Download my data: the account, its homes and proofs, figures, mail, sessions and devices, and who read its homes",
    responses: { 200: AccountExport },
  },
  async ({ caller }) => {
    const day = new Date().toISOString().slice(0, 10);
    return Response.json(await exportAccount(caller), {
      headers: {
        "Content-Disposition": `attachment; filename="my-home-dashboard-data-${day}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);
