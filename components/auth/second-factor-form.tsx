"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CodeField } from "@/components/auth/code-field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { passkeyAnswer } from "@/lib/client/passkeys";
import { useErrorText } from "@/lib/i18n/error-text";

/**
 * The account's second factor given in this session (`POST /api/account/second-factor`): a code from the
 * authenticator app, a recovery code, or one of the account's passkeys. Finishes a sign-in, or is a step-up.
 */
export function SecondFactorForm({
  idPrefix,
  submitLabel,
  onDone,
}: {
  idPrefix: string;
  submitLabel: string;
  onDone: () => void;
}) {
  const t = useTranslations("SecondFactor");
  const errorText = useErrorText();
  const [problem, setProblem] = useState<ApiProblem>();
  const [pending, setPending] = useState<"code" | "passkey">();

  async function give(kind: "code" | "passkey", proof: () => Promise<{ code: string } | { passkey: unknown }>) {
    setPending(kind);
    setProblem(undefined);
    try {
      await fetchJson("/api/account/second-factor", { body: await proof() });
      onDone();
    } catch (error) {
      setProblem(ApiProblem.from(error));
      setPending(undefined);
    }
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setProblem(new ApiProblem(t("enterCode"), { fields: { code: "is required" } }));
      return;
    }
    void give("code", async () => ({ code }));
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submitCode} className="space-y-4" noValidate>
        {problem && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem.code === "invalid_code" ? t("invalidCode") : errorText(problem)}
          </p>
        )}
        <CodeField id={`${idPrefix}-code`} invalid={!!problem?.fields?.code} autoFocus />
        <Button type="submit" disabled={!!pending} className="w-full">
          {pending === "code" ? t("checking") : submitLabel}
        </Button>
      </form>
      <Button
        type="button"
        disabled={!!pending}
        variant="secondary"
        className="w-full"
        onClick={() =>
          void give("passkey", async () => ({ passkey: await passkeyAnswer("/api/account/second-factor/options") }))
        }
      >
        {pending === "passkey" ? t("waitingPasskey") : t("usePasskeyInstead")}
      </Button>
    </div>
  );
}
