"use client";

import type { Route } from "next";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { usePasswordError } from "./password-problem";

/**
 * One form posting its fields as JSON to an API route, then `done`. Each problem is said once: beside its field (which
 * takes the focus, so that its error is read out), or, when no field of the form is at fault, in the alert (`summary`).
 */
function useJsonForm(path: string, extra: Record<string, string>, done: (result: unknown) => void) {
  const errorText = useErrorText();
  const [problem, setProblem] = useState<ApiProblem>();
  const [summary, setSummary] = useState<string>();
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = { ...Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>), ...extra };
    setPending(true);
    setProblem(undefined);
    setSummary(undefined);
    try {
      done(await fetchJson(path, { body }));
    } catch (error) {
      const found = ApiProblem.from(error);
      const atFault = Object.keys(found.fields ?? {})
        .map((name) => form.elements.namedItem(name))
        .find((field): field is HTMLInputElement => field instanceof HTMLInputElement);
      setProblem(found);
      setSummary(atFault ? undefined : errorText(found));
      if (atFault) requestAnimationFrame(() => atFault.focus());
    } finally {
      setPending(false);
    }
  }
  return { problem, summary, pending, submit };
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

/**
 * Accepts an invitation: a password for the account, new or (when the email has one) replacing its current password
 * and signing its other sessions out, since anyone could have made it with this email; then the dashboard.
 */
export function AcceptInvitationForm({ token, hasAccount }: { token: string; hasAccount: boolean }) {
  const t = useTranslations("Invite");
  const hint = useTranslations("PasswordReset")("passwordHint", { min: MIN_PASSWORD_LENGTH });
  const passwordError = usePasswordError();
  const router = useRouter();
  const { problem, summary, pending, submit } = useJsonForm("/api/invitations/accept", { token }, () => {
    router.push("/dashboard" as Route);
    router.refresh();
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      <Field
        label={hasAccount ? t("newPassword") : t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={hasAccount ? t("replacesHint", { hint }) : hint}
        error={passwordError(problem, "password")}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("opening") : hasAccount ? t("accept") : t("create")}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const t = useTranslations("PasswordReset");
  const [sent, setSent] = useState(false);
  // The server's answer is the same whether or not the email has an account: its words are the catalogue's.
  const { problem, summary, pending, submit } = useJsonForm("/api/account/password-reset", {}, () => setSent(true));
  if (sent)
    return (
      <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2">
        {t("sent")}
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      <Field
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={problem?.fields?.email}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("sending") : t("send")}
      </Button>
    </form>
  );
}

/** A new password with an emailed link; `first` for a staff invitation's first one (the same link, other words). */
export function ResetPasswordForm({ token, first = false }: { token: string; first?: boolean }) {
  const t = useTranslations("PasswordReset");
  const passwordError = usePasswordError();
  const router = useRouter();
  const { problem, summary, pending, submit } = useJsonForm("/api/account/password-reset/confirm", { token }, () => {
    router.push("/start" as Route);
    router.refresh();
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      <Field
        label={first ? t("password") : t("newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t("passwordHint", { min: MIN_PASSWORD_LENGTH })}
        error={passwordError(problem, "password")}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("saving") : first ? t("setFirst") : t("setNew")}
      </Button>
    </form>
  );
}

/** Changes the password; the account's other sessions end (this one stays). */
export function ChangePasswordForm() {
  const t = useTranslations("Security");
  const hint = useTranslations("PasswordReset")("passwordHint", { min: MIN_PASSWORD_LENGTH });
  const passwordError = usePasswordError();
  const [done, setDone] = useState(false);
  const { problem, summary, pending, submit } = useJsonForm("/api/account/password", {}, () => setDone(true));
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      {done && (
        <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm">
          {t("passwordChanged")}
        </p>
      )}
      <Field
        label={t("currentPassword")}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={problem?.fields?.currentPassword}
      />
      <Field
        label={t("newPassword")}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={hint}
        error={passwordError(problem, "newPassword")}
      />
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("changePassword")}
      </Button>
    </form>
  );
}

/** Ends every session of the account, this browser's too (a lost phone, a shared computer). */
export function SignOutEverywhereButton() {
  const t = useTranslations("Security");
  const errorText = useErrorText();
  const router = useRouter();
  const [problem, setProblem] = useState<ApiProblem>();
  const [pending, setPending] = useState(false);
  async function leave() {
    setPending(true);
    try {
      await fetchJson("/api/account/sessions", { method: "DELETE" });
      router.push("/login" as Route);
      router.refresh();
    } catch (error) {
      setProblem(ApiProblem.from(error));
      setPending(false);
    }
  }
  return (
    <div className="space-y-3">
      {problem && <Alert>{errorText(problem)}</Alert>}
      <Button type="button" onClick={() => void leave()} disabled={pending}>
        {pending ? t("signingOut") : t("signOutEverywhere")}
      </Button>
    </div>
  );
}
