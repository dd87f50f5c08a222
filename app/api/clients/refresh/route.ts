import { ClientsRefreshed } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { refreshAll } from "@/lib/services/portfolio/portfolio";

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    summary: "Refresh value and equity of your least recently refreshed clients (25 at most), and their opportunities",
    responses: { 200: ClientsRefreshed },
  },
  async ({ caller }) => Response.json(await refreshAll(caller)),
);
