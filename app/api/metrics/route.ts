import { route } from "@/lib/api/route";
import { METRICS_BEARER, metricsExposition } from "@/lib/services/platform/metrics";

// GET /api/metrics: this instance's metrics in Prometheus' text format, for a scraper that holds METRICS_TOKEN. Each
// instance answers for itself; nothing is written to the activity log (a scrape every 15 s would drown it).
export const GET = route(
  {
    roles: "public",
    bearer: METRICS_BEARER,
    summary:
      "This instance's metrics (Prometheus text format): requests, upstream calls and spend, refusals, sign-in failures, jobs, database, Redis, Node",
    responses: { 200: { files: ["text/plain"], description: "Prometheus' text exposition format, version 0.0.4" } },
  },
  async () => {
    const { body, contentType } = await metricsExposition();
    return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
  },
);
