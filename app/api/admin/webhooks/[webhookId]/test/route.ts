import { route } from "@/lib/api/route";
import { WebhookParams, WebhookTestBody, WebhookTestSent } from "@/lib/api/schemas/webhooks";
import { sendTestEvent } from "@/lib/services/partners/webhooks";

// POST /api/admin/webhooks/:webhookId/test: "Send a test event": a real event type with made-up values and
// `test: true`, to this endpoint only (admins)
export const POST = route(
  {
    roles: ["admin"],
    params: WebhookParams,
    body: WebhookTestBody,
    summary: "Send a test event (a real event type, made-up values, test: true) to this endpoint only",
    responses: { 202: WebhookTestSent },
    errors: [404, 409],
  },
  async ({ params, body }) => Response.json(await sendTestEvent(params.webhookId, body.event), { status: 202 }),
);
