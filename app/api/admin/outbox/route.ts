import { Outbox } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { OutboxQuery } from "@/lib/api/schemas";
import { readOutbox } from "@/lib/mail/outbox";

// GET /api/admin/outbox?to=&kind=: mail and letters kept by the app, newest first (admins)
export const GET = route(
  { roles: ["admin"], query: OutboxQuery, summary: "Mail and letters the app kept, newest first", responses: { 200: Outbox } },
  async ({ query }) => Response.json({ messages: await readOutbox(query) }),
);
