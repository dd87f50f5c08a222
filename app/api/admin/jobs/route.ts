import { Jobs } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { jobs } from "@/lib/jobs";

export const GET = route(
  {
    roles: ["admin"],
    summary: "Background jobs: counts per kind and state, and the jobs that failed",
    responses: { 200: Jobs },
  },
  async () => {
    const engine = await jobs();
    const [queues, failed] = await Promise.all([engine.counts(), engine.failed()]);
    return Response.json({ queues, failed });
  },
);
