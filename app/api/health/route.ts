import { Health } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ErrorBody, HealthQuery } from "@/lib/api/schemas";
import { readiness } from "@/lib/services/health";

// GET /api/health: the process serves (liveness). GET /api/health?deep=1: the database, cache and property data
// service answer too (readiness), 503 when one does not.
export const GET = route(
  {
    roles: "public",
    query: HealthQuery,
    summary: "Liveness; with ?deep, readiness: the database, the cache and the property data service answer",
    responses: { 200: Health, 503: Health.or(ErrorBody) },
  },
  async ({ query }) => {
    const headers = { "Cache-Control": "no-store" };
    if (query.deep === undefined) return Response.json({ status: "ok" }, { headers });
    const result = await readiness();
    return Response.json(result, { status: result.status === "ok" ? 200 : 503, headers });
  },
);
