"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { DataTable } from "@/components/ui/data-table";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "@/lib/services/partners/webhooks";
import type { Formats } from "@/lib/format";
import { useErrorText } from "@/lib/i18n/error-text";
import { useFormats } from "@/lib/i18n/use-formats";

type Endpoint = WebhookEndpointDto & { deliveries: WebhookDeliveryDto[]; total: number };

const whenOf = (f: Formats) => (iso: string | null) => (iso ? f.dateTime(iso, { seconds: true }) : "—");

/** A secret shown once, with a button that copies it. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const t = useTranslations("Webhooks");
  return (
    <div role="status" className="space-y-2 rounded-xl border border-amber-600 bg-amber-50 p-4">
      <p className="font-semibold">{t("secretOnce")}</p>
      <code data-testid="webhook-secret" className="block rounded bg-white p-2 text-sm break-all">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard.writeText(secret).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t("copied") : t("copySecret")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("keptIt")}
        </Button>
      </div>
    </div>
  );
}

/** The webhooks page's forms and logs: add an endpoint, rotate, turn off or on, delete, send a test event or again. */
export function WebhookAdmin({ events, endpoints }: { events: string[]; endpoints: Endpoint[] }) {
  const router = useRouter();
  const t = useTranslations("Webhooks");
  const errorText = useErrorText();
  const f = useFormats();
  const when = whenOf(f);
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Where leads go, and with which secret, asks for a recent second factor (the API answers step_up_required).
  const { withStepUp, stepUp } = useStepUp();

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    try {
      await withStepUp(work);
      if (done) setNotice(done);
      router.refresh();
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setBusy(false);
    }
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    void act(async () => {
      const made = await fetchJson<{ secret: string }>("/api/admin/webhooks", {
        body: {
          url: String(form.get("url") ?? ""),
          events: form.getAll("events").map(String),
          description: String(form.get("description") ?? "") || null,
        },
      });
      setSecret(made.secret);
      target.reset();
    });
  };

  return (
    <div className="space-y-6">
      {stepUp}
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(undefined)} />}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-800">
          {errorText(problem)}
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-lg border border-green-700 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      <section aria-labelledby="add-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="add-title" className="text-lg font-semibold">
          {t("addTitle")}
        </h2>
        <form onSubmit={add} className="space-y-3">
          <Field
            label={t("url")}
            name="url"
            id="webhook-url"
            type="url"
            required
            placeholder={t("urlPlaceholder")}
            error={problem?.fields?.url}
          />
          <Field label={t("description")} name="description" id="webhook-description" maxLength={200} />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{t("events")}</legend>
            {events.map((name) => (
              <label key={name} className="flex items-center gap-2">
                <input type="checkbox" name="events" value={name} defaultChecked />
                <code>{name}</code>
              </label>
            ))}
            {problem?.fields?.events && <p className="text-sm text-red-700">{problem.fields.events}</p>}
          </fieldset>
          <Button type="submit" disabled={busy}>
            {t("addEndpoint")}
          </Button>
        </form>
      </section>
      {endpoints.length === 0 ? (
        <p>{t("noEndpoints")}</p>
      ) : (
        endpoints.map((endpoint) => (
          <section
            key={endpoint.id}
            aria-labelledby={`endpoint-${endpoint.id}`}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
          >
            <h2 id={`endpoint-${endpoint.id}`} className="text-lg font-semibold break-all">
              {endpoint.url}
            </h2>
            {endpoint.description && <p>{endpoint.description}</p>}
            <p className="text-sm">
              {t.rich("endpointState", {
                enabled: endpoint.enabled ? "on" : "off",
                reason: endpoint.disabledReason ?? "none",
                events: endpoint.events.join(", "),
                b: (chunks) => <strong>{chunks}</strong>,
              })}
              {endpoint.failingSince ? ` ${t("failingSince", { when: when(endpoint.failingSince) })}` : ""}
              {endpoint.previousSecretUntil
                ? ` ${t("previousSecret", { when: when(endpoint.previousSecretUntil) })}`
                : ""}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="secondary"
                disabled={busy || !endpoint.enabled}
                onClick={() =>
                  act(() => fetchJson(`/api/admin/webhooks/${endpoint.id}/test`, { body: {} }), t("testSent"))
                }
              >
                {t("sendTest")}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  act(async () => {
                    const rotated = await fetchJson<{ secret?: string }>(`/api/admin/webhooks/${endpoint.id}`, {
                      method: "PATCH",
                      body: { rotateSecret: true },
                    });
                    setSecret(rotated.secret);
                  })
                }
              >
                {t("rotate")}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  act(() =>
                    fetchJson(`/api/admin/webhooks/${endpoint.id}`, {
                      method: "PATCH",
                      body: { enabled: !endpoint.enabled },
                    }),
                  )
                }
              >
                {endpoint.enabled ? t("turnOff") : t("turnOn")}
              </Button>
              <Button
                type="button"
                variant="danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(t("deleteQuestion", { url: endpoint.url })))
                    void act(() => fetchJson(`/api/admin/webhooks/${endpoint.id}`, { method: "DELETE" }), t("deleted"));
                }}
              >
                {t("delete")}
              </Button>
            </div>
            <h3 className="font-semibold">{t("deliveries", { total: f.count(endpoint.total) })}</h3>
            {endpoint.deliveries.length === 0 ? (
              <p>{t("noDeliveries")}</p>
            ) : (
              <DataTable
                label={t("deliveriesTo", { url: endpoint.url })}
                look="dense"
                columns={[
                  t("event"),
                  t("status"),
                  t("time"),
                  t("attempts"),
                  t("response"),
                  t("summary"),
                  { label: t("actions"), hidden: true },
                ]}
              >
                {endpoint.deliveries.map((delivery) => (
                  <tr key={delivery.id} className="border-b align-top">
                    <td className="p-1">
                      <code>{delivery.eventType}</code>
                      {delivery.test ? ` ${t("test")}` : ""}
                    </td>
                    <td className="p-1">{t("statusWord", { status: delivery.status })}</td>
                    <td className="p-1">{when(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                    <td className="p-1">{f.count(delivery.attempts)}</td>
                    <td className="p-1">{delivery.responseStatus ?? "—"}</td>
                    <td className="max-w-xs p-1 break-words">{delivery.responseSummary ?? ""}</td>
                    <td className="p-1">
                      <Button
                        type="button"
                        variant="secondary"
                        className="px-2 py-1 text-sm"
                        disabled={busy || !endpoint.enabled}
                        aria-label={t("sendAgainNamed", { event: delivery.eventType, when: when(delivery.createdAt) })}
                        onClick={() =>
                          act(
                            () =>
                              fetchJson(`/api/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`, {
                                method: "POST",
                              }),
                            t("sentAgain"),
                          )
                        }
                      >
                        {t("sendAgain")}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        ))
      )}
    </div>
  );
}
