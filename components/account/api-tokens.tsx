"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { TableScroll } from "@/components/ui/table-scroll";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import type { ApiTokenDto } from "@/lib/services/api-tokens";
import { formatDateTime } from "@/lib/format";

const EXPIRIES = [
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 180, label: "180 days" },
  { days: 365, label: "1 year" },
] as const;

const th = "p-2 font-semibold";
const when = (iso: string | null) => (iso ? formatDateTime(iso) : "Never");
const STATUS = { active: "Active", expired: "Expired", revoked: "Revoked" } as const;

/**
 * API tokens: a form that makes one (named, scoped, expiring; the token is shown once, with a copy button), and the list
 * with each one's last use and a revoke button. `endpoint` is the caller's own (`/api/account/tokens`) or the
 * organization's (`/api/admin/tokens`, which lists everyone's with their owner). Making and revoking ask for a step-up.
 */
export function ApiTokens({
  endpoint,
  tokens,
  scopes,
  organization = false,
}: {
  endpoint: "/api/account/tokens" | "/api/admin/tokens";
  tokens: ApiTokenDto[];
  scopes: readonly { value: string; label: string }[];
  organization?: boolean;
}) {
  const id = useId();
  const router = useRouter();
  const { withStepUp, stepUp } = useStepUp();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [made, setMade] = useState<{ token: string; name: string }>();
  const [copied, setCopied] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean }>();

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { name: String(data.get("name") ?? ""), scopes: data.getAll("scopes").map(String), expiresInDays: Number(data.get("expiresInDays")) };
    setPending(true);
    setProblem(undefined);
    setMade(undefined);
    setCopied(false);
    try {
      const answer = await withStepUp(() => fetchJson<{ token: string; apiToken: ApiTokenDto }>(endpoint, { body }));
      setMade({ token: answer.token, name: answer.apiToken.name });
      form.reset();
      router.refresh();
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setPending(false);
    }
  }

  async function revoke(token: ApiTokenDto) {
    setSaid(undefined);
    try {
      await withStepUp(() => fetchJson(`${endpoint}/${token.id}`, { method: "DELETE" }));
      setSaid({ text: `"${token.name}" is revoked: it stops working at once.`, error: false });
      router.refresh();
    } catch (error) {
      setSaid({ text: ApiProblem.from(error).message, error: true });
    }
  }

  async function copy() {
    if (!made) return;
    await navigator.clipboard.writeText(made.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <div className="space-y-4">
      {stepUp}
      <form onSubmit={create} className="space-y-3" noValidate aria-describedby={problem && !problem.fields ? `${id}-problem` : undefined}>
        <Field label="Token name" name="name" id={`${id}-name`} maxLength={80} required hint="What it is for, e.g. CRM sync." error={problem?.fields?.name} />
        <fieldset aria-describedby={problem?.fields?.scopes ? `${id}-scopes-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">What it may do</legend>
          <div className="mt-1 space-y-1 text-sm">
            {scopes.map((scope) => (
              <label key={scope.value} className="flex items-start gap-2">
                <input type="checkbox" name="scopes" value={scope.value} className="mt-1 size-4" />
                <span>
                  <span className="font-mono text-xs">{scope.value}</span>: {scope.label}
                </span>
              </label>
            ))}
          </div>
          {problem?.fields?.scopes && (
            <p id={`${id}-scopes-error`} className="text-sm text-red-700">
              {problem.fields.scopes}
            </p>
          )}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={`${id}-expiry`} className="block text-sm font-medium text-slate-800">
            Expires after
          </label>
          <select id={`${id}-expiry`} name="expiresInDays" defaultValue="90" className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
            {EXPIRIES.map((expiry) => (
              <option key={expiry.days} value={expiry.days}>
                {expiry.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create token"}
        </Button>
        {problem && !problem.fields && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
            {problem.message}
          </p>
        )}
      </form>
      {made && (
        <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900" data-testid="new-token">
          <p className="font-semibold">Copy the token &ldquo;{made.name}&rdquo; now: it is shown only this once.</p>
          <p>We keep only a fingerprint of it. Anyone who has it can call the API as you with its scopes, so keep it in a secret store, not in code.</p>
          <label htmlFor={`${id}-token`} className="block font-medium">
            Your new token
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-token`}
              readOnly
              value={made.token}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs"
            />
            <Button type="button" variant="secondary" onClick={() => void copy()}>
              {copied ? "Copied" : "Copy token"}
            </Button>
          </div>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-700">{organization ? "Nobody has an API token yet." : "You have no API tokens yet."}</p>
      ) : (
        <TableScroll label="API tokens">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">API tokens</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className={th}>
                  Name
                </th>
                {organization && (
                  <th scope="col" className={th}>
                    Owner
                  </th>
                )}
                <th scope="col" className={th}>
                  Scopes
                </th>
                <th scope="col" className={th}>
                  Last used
                </th>
                <th scope="col" className={th}>
                  Expires
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} className="border-b border-slate-100 align-top" data-testid="api-token">
                  <th scope="row" className="p-2 font-normal">
                    {token.name}
                    <span className="block font-mono text-xs text-slate-600">{token.prefix}…</span>
                  </th>
                  {organization && <td className="p-2">{token.owner.email}</td>}
                  <td className="p-2 font-mono text-xs">{token.scopes.join(", ")}</td>
                  <td className="p-2">{when(token.lastUsedAt)}</td>
                  <td className="p-2">{when(token.expiresAt)}</td>
                  <td className="p-2">{STATUS[token.status]}</td>
                  <td className="p-2">
                    {token.status === "active" && (
                      <ConfirmButton
                        label="Revoke"
                        accessibleName={`Revoke ${token.name}`}
                        question={`Revoke "${token.name}"? Whatever uses it stops working at once.`}
                        confirmLabel="Yes, revoke it"
                        onConfirm={() => void revoke(token)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {said && (
        <p role={said.error ? "alert" : "status"} className={`text-sm ${said.error ? "text-red-700" : "text-slate-700"}`}>
          {said.text}
        </p>
      )}
    </div>
  );
}
