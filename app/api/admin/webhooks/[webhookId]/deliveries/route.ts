import { route } from "@/lib/api/route";
import { DeliveriesQuery, WebhookDeliveries, WebhookParams } from "@/lib/api/schemas/webhooks";
import { deliveriesOf } from "@/lib/services/partners/webhooks";

// GET /api/admin/webhooks/:webhookId/deliveries: the endpoint's delivery log, newest first, paged (admins)
export const GET = route(
  {
    roles: ["admin"],
    params: WebhookParams,
    query: DeliveriesQuery,
    summary: "A webhook endpoint's delivery log (status, attempts, answer), newest first, a page at a time",
    responses: { 200: WebhookDeliveries },
    errors: [404],
  },
  async ({ params, query }) => Response.json(await deliveriesOf(params.webhookId, query.page, query.size)),
);
