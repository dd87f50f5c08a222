import { route } from "@/lib/api/route";
import { WebhookCreateBody, WebhookEndpoints, WebhookEndpointWithSecret } from "@/lib/api/schemas/webhooks";
import { createEndpoint, listEndpoints } from "@/lib/services/partners/webhooks";

export const GET = route(
  { roles: ["admin"], summary: "The webhook endpoints, without their secrets", responses: { 200: WebhookEndpoints } },
  async () => Response.json({ endpoints: await listEndpoints() }),
);

// POST /api/admin/webhooks: register an endpoint for some events; answers its `whsec_` secret this once (admins). The
// URL must be https to a public address unless WEBHOOKS_ALLOW_PRIVATE.
export const POST = route(
  {
    roles: ["admin"],
    stepUp: "webhook.create",
    body: WebhookCreateBody,
    summary: "Register a webhook endpoint for some events; its secret is answered this once",
    responses: { 201: WebhookEndpointWithSecret },
  },
  async ({ user, body }) => Response.json(await createEndpoint(user, body), { status: 201 }),
);
