"use client";

import type { Route } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";

/** On the security page of an account whose email is not proved yet: why a factor waits, and the link sent again. */
export function EmailProofNotice({ email }: { email: string }) {
  const t = useTranslations("VerifyEmail");
  const errorText = useErrorText();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    try {
      const { sent } = await fetchJson<{ sent: boolean }>("/api/account/email-verification", { method: "POST" });
      setSaid({ ok: true, text: sent ? t("resent", { email }) : t("alreadyConfirmed") });
    } catch (error) {
      setSaid({ ok: false, text: errorText(ApiProblem.from(error)) });
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4" data-testid="email-proof-notice">
      <p className="font-semibold">{t("noticeTitle")}</p>
      <p className="text-slate-800">{t("noticeBody", { email })}</p>
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void resend()}>
        {pending ? t("sending") : t("resend")}
      </Button>
      {said && (
        <p role={said.ok ? "status" : "alert"} className="text-sm">
          {said.text}
        </p>
      )}
    </div>
  );
}

/** The mailed link's page: a button, so that a mail scanner opening the link proves nothing and spends nothing. */
export function ConfirmEmailForm({ token }: { token: string }) {
  const t = useTranslations("VerifyEmail");
  const errorText = useErrorText();
  const [state, setState] = useState<{ done?: boolean; problem?: ApiProblem; pending?: boolean }>({});
  async function confirm() {
    setState({ pending: true });
    try {
      await fetchJson("/api/email-verification", { body: { token } });
      setState({ done: true });
    } catch (error) {
      setState({ problem: ApiProblem.from(error) });
    }
  }
  if (state.done)
    return (
      <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2">
        {t.rich("confirmed", {
          link: (chunks) => (
            <Link href={"/account/security" as Route} className="font-medium text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    );
  return (
    <div className="space-y-3">
      {state.problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText(state.problem)}
        </p>
      )}
      <Button type="button" disabled={state.pending} onClick={() => void confirm()} className="w-full">
        {state.pending ? t("confirming") : t("confirm")}
      </Button>
    </div>
  );
}
