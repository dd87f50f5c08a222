import { route } from "@/lib/api/route";
import { WebhookEndpointUpdated, WebhookParams, WebhookUpdateBody } from "@/lib/api/schemas/webhooks";
import { deleteEndpoint, updateEndpoint } from "@/lib/services/partners/webhooks";

// PATCH /api/admin/webhooks/:webhookId: change the URL, events, description, turn it on or off, or rotate the secret
// (the new one answered once; the old one keeps signing beside it for 24 hours) (admins)
export const PATCH = route(
  {
    roles: ["admin"],
    params: WebhookParams,
    body: WebhookUpdateBody,
    summary:
      "Change a webhook endpoint, turn it on or off, or rotate its secret (the old one still signs for 24 hours)",
    responses: { 200: WebhookEndpointUpdated },
    errors: [404],
  },
  async ({ user, params, body }) => Response.json(await updateEndpoint(user, params.webhookId, body)),
);

export const DELETE = route(
  {
    roles: ["admin"],
    // The endpoint, its secret and its delivery log go for good.
    stepUp: "webhook.delete",
    params: WebhookParams,
    summary: "Delete a webhook endpoint and its delivery log",
    responses: { 204: null },
    errors: [404],
  },
  async ({ params }) => {
    await deleteEndpoint(params.webhookId);
    return new Response(null, { status: 204 });
  },
);
