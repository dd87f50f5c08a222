import { route } from "@/lib/api/route";
import { usageSummary } from "@/lib/services/meter";
import { upstream } from "@/lib/services/upstream";

// GET /api/admin/usage: upstream calls and cache hits per operation, today and in total
export const GET = route({ roles: ["admin"] }, async () => {
  const sandbox = upstream().sandbox;
  return Response.json({ ...(await usageSummary()), ...(sandbox ? { embeddedService: sandbox.usage() } : {}) });
});
