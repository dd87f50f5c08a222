import { route } from "@/lib/api/route";
import { WebhookDelivery, WebhookDeliveryParams } from "@/lib/api/schemas/webhooks";
import { retryDelivery } from "@/lib/services/partners/webhooks";

export const POST = route(
  {
    roles: ["admin"],
    params: WebhookDeliveryParams,
    summary: "Send a delivery again now, with the same webhook-id; 409 while the endpoint is turned off",
    responses: { 202: WebhookDelivery },
    errors: [404, 409],
  },
  async ({ params }) => Response.json(await retryDelivery(params.webhookId, params.deliveryId), { status: 202 }),
);
