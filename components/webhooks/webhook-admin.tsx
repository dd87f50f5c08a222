"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TableScroll } from "@/components/ui/table-scroll";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "@/lib/services/webhooks";
import { formatDateTime } from "@/lib/format";

type Endpoint = WebhookEndpointDto & { deliveries: WebhookDeliveryDto[]; total: number };

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : "—");
const STATUS_WORDS = { pending: "Waiting to retry", delivered: "Delivered", failed: "Failed" } as const;

/** A secret shown once, with a button that copies it. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-xl border border-amber-600 bg-amber-50 p-4">
      <p className="font-semibold">Copy this signing secret now: it is not shown again.</p>
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
          {copied ? "Copied" : "Copy secret"}
        </Button>
        <Button type="button" onClick={onDone}>
          I have kept it
        </Button>
      </div>
    </div>
  );
}

/** The webhooks page's forms and logs: add an endpoint, rotate, turn off or on, delete, send a test event or again. */
export function WebhookAdmin({ events, endpoints }: { events: string[]; endpoints: Endpoint[] }) {
  const router = useRouter();
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
        body: { url: String(form.get("url") ?? ""), events: form.getAll("events").map(String), description: String(form.get("description") ?? "") || null },
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
          {problem.message}
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-lg border border-green-700 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      <section aria-labelledby="add-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="add-title" className="text-lg font-semibold">
          Add an endpoint
        </h2>
        <form onSubmit={add} className="space-y-3">
          <Field label="URL" name="url" id="webhook-url" type="url" required placeholder="https://crm.example.com/webhooks" error={problem?.fields?.url} />
          <Field label="Description (optional)" name="description" id="webhook-description" maxLength={200} />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">Events</legend>
            {events.map((name) => (
              <label key={name} className="flex items-center gap-2">
                <input type="checkbox" name="events" value={name} defaultChecked />
                <code>{name}</code>
              </label>
            ))}
            {problem?.fields?.events && <p className="text-sm text-red-700">{problem.fields.events}</p>}
          </fieldset>
          <Button type="submit" disabled={busy}>
            Add endpoint
          </Button>
        </form>
      </section>
      {endpoints.length === 0 ? (
        <p>No endpoints yet.</p>
      ) : (
        endpoints.map((endpoint) => (
          <section key={endpoint.id} aria-labelledby={`endpoint-${endpoint.id}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id={`endpoint-${endpoint.id}`} className="text-lg font-semibold break-all">
              {endpoint.url}
            </h2>
            {endpoint.description && <p>{endpoint.description}</p>}
            <p className="text-sm">
              <strong>{endpoint.enabled ? "On" : "Off"}</strong>
              {endpoint.disabledReason ? ` — ${endpoint.disabledReason}` : ""}. Events: {endpoint.events.join(", ")}.
              {endpoint.failingSince ? ` Failing since ${when(endpoint.failingSince)}.` : ""}
              {endpoint.previousSecretUntil ? ` The previous secret still signs until ${when(endpoint.previousSecretUntil)}.` : ""}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="secondary"
                disabled={busy || !endpoint.enabled}
                onClick={() => act(() => fetchJson(`/api/admin/webhooks/${endpoint.id}/test`, { body: {} }), "A test event is on its way.")}
              >
                Send a test event
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
                Rotate secret
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() => act(() => fetchJson(`/api/admin/webhooks/${endpoint.id}`, { method: "PATCH", body: { enabled: !endpoint.enabled } }))}
              >
                {endpoint.enabled ? "Turn off" : "Turn on"}
              </Button>
              <Button
                type="button"
                variant="danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`))
                    void act(() => fetchJson(`/api/admin/webhooks/${endpoint.id}`, { method: "DELETE" }), "Endpoint deleted.");
                }}
              >
                Delete
              </Button>
            </div>
            <h3 className="font-semibold">Deliveries ({endpoint.total.toLocaleString("en-US")})</h3>
            {endpoint.deliveries.length === 0 ? (
              <p>No deliveries yet.</p>
            ) : (
              <TableScroll label={`Deliveries to ${endpoint.url}`}>
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b">
                      <th scope="col" className="p-1">
                        Event
                      </th>
                      <th scope="col" className="p-1">
                        Status
                      </th>
                      <th scope="col" className="p-1">
                        Time
                      </th>
                      <th scope="col" className="p-1">
                        Attempts
                      </th>
                      <th scope="col" className="p-1">
                        Response
                      </th>
                      <th scope="col" className="p-1">
                        Summary
                      </th>
                      <th scope="col" className="p-1">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {endpoint.deliveries.map((delivery) => (
                      <tr key={delivery.id} className="border-b align-top">
                        <td className="p-1">
                          <code>{delivery.eventType}</code>
                          {delivery.test ? " (test)" : ""}
                        </td>
                        <td className="p-1">{STATUS_WORDS[delivery.status]}</td>
                        <td className="p-1">{when(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                        <td className="p-1">{delivery.attempts}</td>
                        <td className="p-1">{delivery.responseStatus ?? "—"}</td>
                        <td className="max-w-xs p-1 break-words">{delivery.responseSummary ?? ""}</td>
                        <td className="p-1">
                          <Button
                            type="button"
                            variant="secondary"
                            className="px-2 py-1 text-sm"
                            disabled={busy || !endpoint.enabled}
                            aria-label={`Send again: ${delivery.eventType} of ${when(delivery.createdAt)}`}
                            onClick={() =>
                              act(() => fetchJson(`/api/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`, { method: "POST" }), "Sent again.")
                            }
                          >
                            Send again
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        ))
      )}
    </div>
  );
}
