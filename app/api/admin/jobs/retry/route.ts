import { JobRetried } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { JobRetryBody } from "@/lib/api/schemas/jobs";
import { retryJobByHand } from "@/lib/jobs";
import { AppError } from "@/lib/services/errors";

export const POST = route(
  {
    roles: ["admin"],
    body: JobRetryBody,
    summary: "Run a failed job again",
    responses: { 200: JobRetried },
    errors: [404],
  },
  async ({ body }) => {
    if (!(await retryJobByHand(body.name, body.id)))
      throw new AppError({ code: "not_found", message: "No failed job has that id." });
    return Response.json({ retried: true });
  },
);
