import { route } from "@/lib/api/route";
import { DeliveriesQuery, WebhookDeliveries, WebhookParams } from "@/lib/api/schemas/webhooks";
import { deliveriesOf } from "@/lib/services/partners/webhooks";

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
