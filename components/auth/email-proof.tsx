"use client";

import type { Route } from "next";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";

/** On the security page of an account whose email is not proved yet: why a factor waits, and the link sent again. */
export function EmailProofNotice({ email }: { email: string }) {
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    try {
      const { sent } = await fetchJson<{ sent: boolean }>("/api/account/email-verification", { method: "POST" });
      setSaid({ ok: true, text: sent ? `We sent a new link to ${email}.` : "Your email is already confirmed: reload the page." });
    } catch (error) {
      setSaid({ ok: false, text: ApiProblem.from(error).message });
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4" data-testid="email-proof-notice">
      <p className="font-semibold">Confirm your email to turn on a passkey or an authenticator app.</p>
      <p className="text-slate-800">
        We mailed a link to {email} when you signed up. A second factor can only be added once the account has shown it holds its email, so that nobody who
        typed your email before you can lock you out.
      </p>
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void resend()}>
        {pending ? "Sending…" : "Send the link again"}
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
        Your email is confirmed. You can now turn on a passkey or an authenticator app on{" "}
        <Link href={"/account/security" as Route} className="font-medium text-brand-700 underline">
          your account&apos;s security page
        </Link>
        .
      </p>
    );
  return (
    <div className="space-y-3">
      {state.problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.problem.message}
        </p>
      )}
      <Button type="button" disabled={state.pending} onClick={() => void confirm()} className="w-full">
        {state.pending ? "Confirming…" : "Confirm my email"}
      </Button>
    </div>
  );
}
