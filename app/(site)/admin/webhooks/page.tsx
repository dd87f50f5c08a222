import type { Metadata } from "next";
import Link from "next/link";
import { WebhookAdmin } from "@/components/webhooks/webhook-admin";
import { requirePageUser } from "@/lib/api/page";
import { deliveriesOf, listEndpoints } from "@/lib/services/webhooks";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/event-types";

export const metadata: Metadata = { title: "Webhooks" };

/** The lender's CRM endpoints: signed events (Standard Webhooks), each endpoint's delivery log, "Send again". */
export default async function WebhooksPage() {
  await requirePageUser(["admin"], "/admin/webhooks");
  const endpoints = await listEndpoints();
  const logs = await Promise.all(endpoints.map(async (endpoint) => ({ endpoint, log: await deliveriesOf(endpoint.id, 1, 20) })));
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          ← Admin
        </Link>
        <h1 className="mt-2 text-3xl font-bold">Webhooks</h1>
        <p className="text-slate-700">
          Events go to your CRM as signed POSTs (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).
          Verify them with the secret shown when you add an endpoint. A failed delivery is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h for 3
          days; an endpoint failing for 3 days is turned off and the admins are mailed.
        </p>
      </div>
      <WebhookAdmin events={[...WEBHOOK_EVENTS]} endpoints={logs.map(({ endpoint, log }) => ({ ...endpoint, deliveries: log.deliveries, total: log.total }))} />
    </div>
  );
}
