"use client";

import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";

/**
 * One form posting its fields as JSON to an API route, then `done`. Each problem is said once: beside its field (which
 * takes the focus, so that its error is read out), or, when no field of the form is at fault, in the alert (`summary`).
 */
function useJsonForm(path: string, extra: Record<string, string>, done: (result: unknown) => void) {
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
      setSummary(atFault ? undefined : found.message);
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

const PASSWORD_HINT = "At least 10 characters and hard to guess: a few unrelated words work well.";

/**
 * Accepts an invitation: a password for the account, new or (when the email has one) replacing its current password
 * and signing its other sessions out, since anyone could have made it with this email; then the dashboard.
 */
export function AcceptInvitationForm({ token, hasAccount }: { token: string; hasAccount: boolean }) {
  const router = useRouter();
  const { problem, summary, pending, submit } = useJsonForm("/api/invitations/accept", { token }, () => {
    router.push("/dashboard" as Route);
    router.refresh();
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      <Field
        label={hasAccount ? "Choose a new password" : "Choose a password"}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={
          hasAccount
            ? `This email already has an account: the new password replaces its current one and signs it out everywhere else. ${PASSWORD_HINT}`
            : PASSWORD_HINT
        }
        error={problem?.fields?.password}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Opening your dashboard…" : hasAccount ? "Accept and sign in" : "Create my account"}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string>();
  const { problem, summary, pending, submit } = useJsonForm("/api/account/password-reset", {}, (result) => setSent((result as { message: string }).message));
  if (sent)
    return (
      <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2">
        {sent}
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      <Field label="Email" name="email" type="email" autoComplete="email" required error={problem?.fields?.email} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Sending…" : "Email me a reset link"}
      </Button>
    </form>
  );
}

/** A new password with an emailed link; `first` for a staff invitation's first one (the same link, other words). */
export function ResetPasswordForm({ token, first = false }: { token: string; first?: boolean }) {
  const router = useRouter();
  const { problem, summary, pending, submit } = useJsonForm("/api/account/password-reset/confirm", { token }, () => {
    router.push("/start" as Route);
    router.refresh();
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      <Field
        label={first ? "Password" : "New password"}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        error={problem?.fields?.password}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Saving…" : first ? "Set my password and sign in" : "Set my new password"}
      </Button>
    </form>
  );
}

/** Changes the password; the account's other sessions end (this one stays). */
export function ChangePasswordForm() {
  const [done, setDone] = useState(false);
  const { problem, summary, pending, submit } = useJsonForm("/api/account/password", {}, () => setDone(true));
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {summary && <Alert>{summary}</Alert>}
      {done && (
        <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm">
          Your password is changed, and every other device is signed out.
        </p>
      )}
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={problem?.fields?.currentPassword}
      />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        error={problem?.fields?.newPassword}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Change password"}
      </Button>
    </form>
  );
}

/** Ends every session of the account, this browser's too (a lost phone, a shared computer). */
export function SignOutEverywhereButton() {
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
      {problem && <Alert>{problem.message}</Alert>}
      <Button type="button" onClick={() => void leave()} disabled={pending}>
        {pending ? "Signing out…" : "Sign out everywhere"}
      </Button>
    </div>
  );
}
