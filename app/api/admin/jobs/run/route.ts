import { JobQueued } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { JobRunBody } from "@/lib/api/schemas/jobs";
import { runJobByHand } from "@/lib/jobs";

export const POST = route(
  {
    roles: ["admin"],
    body: JobRunBody,
    summary: "Start a scheduled job now (housekeeping, this month's digests)",
    responses: { 202: JobQueued },
  },
  async ({ body }) => {
    const id = await runJobByHand(body);
    return Response.json({ id }, { status: 202 });
  },
);
