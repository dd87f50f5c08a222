import { Health } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ErrorBody } from "@/lib/api/schemas/common";
import { HealthQuery } from "@/lib/api/schemas/jobs";
import { readiness } from "@/lib/services/platform/health";

// GET /api/health: the process serves (liveness). GET /api/health?deep=1: readiness, 503 while the start-up, the
// database or the cache is not there and from SIGTERM on; a failing property data service is reported, not fatal.
export const GET = route(
  {
    roles: "public",
    query: HealthQuery,
    summary:
      "Liveness; with ?deep, readiness: the start-up, the database and the cache answer (the property data service is reported)",
    responses: { 200: Health, 503: Health.or(ErrorBody) },
  },
  async ({ query }) => {
    const headers = { "Cache-Control": "no-store" };
    if (query.deep === undefined) return Response.json({ status: "ok" }, { headers });
    const result = await readiness();
    const ready = result.status === "ok" || result.status === "degraded";
    return Response.json(result, { status: ready ? 200 : 503, headers });
  },
);
