import { Usage } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { usageReport } from "@/lib/services/platform/usage";

export const GET = route(
  {
    roles: ["admin"],
    summary: "Upstream calls and cache hits per operation, today and in total",
    responses: { 200: Usage },
  },
  async () => Response.json(await usageReport()),
);
