"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { DataTable } from "@/components/ui/data-table";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import type { ApiTokenDto } from "@/lib/services/identity/api-tokens";
import { useErrorText } from "@/lib/i18n/error-text";
import { useFormats } from "@/lib/i18n/use-formats";

const EXPIRIES = [30, 90, 180, 365] as const;

/** Each scope's words in the catalogue (`ApiTokens.scopes`); a scope not listed keeps the label it came with. */
const SCOPE_KEYS = {
  "leads:read": "leadsRead",
  "leads:write": "leadsWrite",
  "clients:read": "clientsRead",
  "clients:write": "clientsWrite",
  lookups: "lookups",
} as const;

/**
 * API tokens: a form that makes one (named, scoped, expiring; the token is shown once, with a copy button), and the
 * list with each one's last use and a revoke button. `endpoint` is the caller's own (`/api/account/tokens`) or the
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
  const t = useTranslations("ApiTokens");
  const errorText = useErrorText();
  const f = useFormats();
  const when = (iso: string | null) => (iso ? f.dateTime(iso) : t("never"));
  const scopeLabel = (scope: { value: string; label: string }) =>
    Object.hasOwn(SCOPE_KEYS, scope.value)
      ? t(`scopes.${SCOPE_KEYS[scope.value as keyof typeof SCOPE_KEYS]}`)
      : scope.label;
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
    const body = {
      name: String(data.get("name") ?? ""),
      scopes: data.getAll("scopes").map(String),
      expiresInDays: Number(data.get("expiresInDays")),
    };
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
      setSaid({ text: t("revoked", { name: token.name }), error: false });
      router.refresh();
    } catch (error) {
      setSaid({ text: errorText(ApiProblem.from(error)), error: true });
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
      <form
        onSubmit={create}
        className="space-y-3"
        noValidate
        aria-describedby={problem && !problem.fields ? `${id}-problem` : undefined}
      >
        <Field
          label={t("name")}
          name="name"
          id={`${id}-name`}
          maxLength={80}
          required
          hint={t("nameHint")}
          error={problem?.fields?.name}
        />
        <fieldset aria-describedby={problem?.fields?.scopes ? `${id}-scopes-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("scopesLegend")}</legend>
          <div className="mt-1 space-y-1 text-sm">
            {scopes.map((scope) => (
              <label key={scope.value} className="flex items-start gap-2">
                <input type="checkbox" name="scopes" value={scope.value} className="mt-1 size-4" />
                <span>
                  {t.rich("scope", {
                    value: scope.value,
                    label: scopeLabel(scope),
                    code: (chunks) => <span className="font-mono text-xs">{chunks}</span>,
                  })}
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
        <SelectField
          id={`${id}-expiry`}
          name="expiresInDays"
          label={t("expiresAfter")}
          look="small"
          defaultValue="90"
          options={EXPIRIES.map((days) => ({ value: days, label: t("expiry", { days }) }))}
        />
        <Button type="submit" disabled={pending}>
          {pending ? t("creating") : t("create")}
        </Button>
        {problem && !problem.fields && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
            {errorText(problem)}
          </p>
        )}
      </form>
      {made && (
        <div
          role="status"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
          data-testid="new-token"
        >
          <p className="font-semibold">{t("copyNow", { name: made.name })}</p>
          <p>{t("copyWhy")}</p>
          <label htmlFor={`${id}-token`} className="block font-medium">
            {t("newToken")}
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
              {copied ? t("copied") : t("copy")}
            </Button>
          </div>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-700">{organization ? t("noneOrganization") : t("none")}</p>
      ) : (
        <DataTable
          label={t("title")}
          caption={t("title")}
          columns={[
            t("colName"),
            ...(organization ? [t("colOwner")] : []),
            t("colScopes"),
            t("colLastUsed"),
            t("colExpires"),
            t("colStatus"),
            { label: t("colActions"), hidden: true },
          ]}
        >
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
              <td className="p-2">{t("status", { status: token.status })}</td>
              <td className="p-2">
                {token.status === "active" && (
                  <ConfirmButton
                    label={t("revoke")}
                    accessibleName={t("revokeName", { name: token.name })}
                    question={t("revokeQuestion", { name: token.name })}
                    confirmLabel={t("revokeConfirm")}
                    onConfirm={() => void revoke(token)}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {said && (
        <p
          role={said.error ? "alert" : "status"}
          className={`text-sm ${said.error ? "text-red-700" : "text-slate-700"}`}
        >
          {said.text}
        </p>
      )}
    </div>
  );
}
