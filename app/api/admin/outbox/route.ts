import { Outbox } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { OutboxQuery } from "@/lib/api/schemas/jobs";
import { outboxFor } from "@/lib/services/platform/outbox";

// GET /api/admin/outbox?to=&kind=: mail and letters kept by the app, newest first (admins). Outside the embedded
// defaults the copies' links and codes are redacted; each read is in the activity log.
export const GET = route(
  {
    roles: ["admin"],
    query: OutboxQuery,
    summary: "Mail and letters the app kept, newest first",
    responses: { 200: Outbox },
  },
  async ({ caller, query }) => Response.json({ messages: await outboxFor(caller, query) }),
);
