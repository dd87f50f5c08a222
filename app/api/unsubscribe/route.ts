import { Unsubscribed } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { UnsubscribeQuery } from "@/lib/api/schemas/jobs";
import { unsubscribe } from "@/lib/services/portfolio/digests";

export const POST = route(
  {
    roles: "public",
    // Mail clients post it from their own servers; the link's signature, not a session or an origin, is the proof.
    crossOrigin: true,
    query: UnsubscribeQuery,
    summary: "One-click unsubscribe from the monthly digest or the daily summary (RFC 8058)",
    responses: { 200: Unsubscribed },
  },
  async ({ query }) => {
    await unsubscribe(query.u, query.k, query.t);
    return Response.json({ unsubscribed: true, kind: query.k });
  },
);
