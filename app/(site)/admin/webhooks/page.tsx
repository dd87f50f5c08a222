import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { WebhookAdmin } from "@/components/webhooks/webhook-admin";
import { requirePageUser } from "@/lib/api/page";
import { deliveriesOf, listEndpoints } from "@/lib/services/partners/webhooks";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/event-types";

export async function generateMetadata() {
  const t = await getTranslations("Webhooks");
  return { title: t("title") };
}

/** The lender's CRM endpoints: signed events (Standard Webhooks), each endpoint's delivery log, "Send again". */
export default async function WebhooksPage() {
  await requirePageUser(["admin"], "/admin/webhooks");
  const t = await getTranslations("Webhooks");
  const endpoints = await listEndpoints();
  const logs = await Promise.all(
    endpoints.map(async (endpoint) => ({ endpoint, log: await deliveriesOf(endpoint.id, 1, 20) })),
  );
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{t("title")}</h1>
        <p className="text-slate-700">{t.rich("intro", { code: (chunks) => <code>{chunks}</code> })}</p>
      </div>
      <WebhookAdmin
        events={[...WEBHOOK_EVENTS]}
        endpoints={logs.map(({ endpoint, log }) => ({ ...endpoint, deliveries: log.deliveries, total: log.total }))}
      />
    </div>
  );
}
