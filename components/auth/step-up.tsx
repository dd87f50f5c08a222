"use client";

import { useTranslations } from "next-intl";
import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { SecondFactorForm } from "@/components/auth/second-factor-form";
import { Button } from "@/components/ui/button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";

/** The API's answer when a sensitive action needs a second factor given in the last ten minutes. */
export const STEP_UP_REQUIRED = "step_up_required";
/** The API's answer when adding a first factor needs the password given in the last ten minutes. */
export const REAUTHENTICATION_REQUIRED = "reauthentication_required";

interface Waiting {
  /** What the action asks for: the second factor again, or (an account with none yet) the password. */
  proof: "factor" | "password";
  /** What had focus when the action started (its button), for focus to go back to when the dialog goes. */
  returnTo: HTMLElement | null;
  retry: () => void;
  cancel: () => void;
}

/**
 * Sensitive actions (a role change, a factor removed, an export) answer 403 `step_up_required` when the session's
 * second factor is older than ten minutes. `withStepUp(run)` runs the action; on that answer it opens a dialog asking
 * for a code or a passkey, gives it, and runs the action again. Closing the dialog (Escape, Cancel) rejects with an
 * ApiProblem saying nothing was done. Render `stepUp` once in the component.
 */
export function useStepUp() {
  const t = useTranslations("StepUp");
  const [waiting, setWaiting] = useState<Waiting>();
  const withStepUp = useCallback(
    <T,>(run: () => Promise<T>): Promise<T> => {
      const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return run().catch((error: unknown) => {
        if (
          !(error instanceof ApiProblem) ||
          (error.code !== STEP_UP_REQUIRED && error.code !== REAUTHENTICATION_REQUIRED)
        )
          throw error;
        return new Promise<T>((resolve, reject) => {
          setWaiting({
            proof: error.code === STEP_UP_REQUIRED ? "factor" : "password",
            returnTo,
            retry: () => {
              setWaiting(undefined);
              run().then(resolve, reject);
            },
            cancel: () => {
              setWaiting(undefined);
              reject(new ApiProblem(t("cancelled"), { code: "step_up_cancelled" }));
            },
          });
        });
      });
    },
    [t],
  );
  const stepUp = waiting ? (
    <StepUpDialog
      proof={waiting.proof}
      returnTo={waiting.returnTo}
      onConfirmed={waiting.retry}
      onCancel={waiting.cancel}
    />
  ) : null;
  return { withStepUp, stepUp };
}

/** Focus back on `element` once it can take it (a button is disabled until its action's outcome is drawn). */
function refocus(element: HTMLElement | null, tries = 10) {
  if (!element?.isConnected || tries === 0) return;
  element.focus();
  if (document.activeElement !== element) setTimeout(() => refocus(element, tries - 1), 50);
}

/**
 * A modal dialog (the browser's own: focus moves into it and stays there, Escape closes it), labelled by its heading.
 */
export function StepUpDialog({
  proof = "factor",
  returnTo,
  onConfirmed,
  onCancel,
}: {
  proof?: "factor" | "password";
  returnTo: HTMLElement | null;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("StepUp");
  const id = useId();
  const settled = useRef(false);
  const open = useCallback(
    (dialog: HTMLDialogElement | null) => {
      if (!dialog || dialog.open) return;
      dialog.showModal();
      // Focus goes back where it was (the button that asked), as a closed dialog's should: once the page has drawn
      // the outcome, since that button may be disabled while the action runs.
      return () => refocus(returnTo);
    },
    [returnTo],
  );
  const finish = (confirmed: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (confirmed) onConfirmed();
    else onCancel();
  };
  return (
    <dialog
      ref={open}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={() => finish(false)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="space-y-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t("title")}
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          {proof === "factor" ? t("factorText") : t("passwordText")}
        </p>
        {proof === "factor" ? (
          <SecondFactorForm idPrefix={`${id}-step-up`} submitLabel={t("confirm")} onDone={() => finish(true)} />
        ) : (
          <PasswordAgainForm idPrefix={`${id}-password`} onDone={() => finish(true)} />
        )}
        <button type="button" className="text-sm font-medium text-slate-700 underline" onClick={() => finish(false)}>
          {t("cancel")}
        </button>
      </div>
    </dialog>
  );
}

/** The account's password given again in this session (`POST /api/account/reauthenticate`). */
function PasswordAgainForm({ idPrefix, onDone }: { idPrefix: string; onDone: () => void }) {
  const t = useTranslations("StepUp");
  const errorText = useErrorText();
  const [problem, setProblem] = useState<ApiProblem>();
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setProblem(undefined);
    try {
      await fetchJson("/api/account/reauthenticate", { body: { password } });
      onDone();
    } catch (error) {
      setProblem(ApiProblem.from(error));
      setPending(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {problem && (
        <p
          role="alert"
          id={`${idPrefix}-error`}
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {problem.code === "wrong_password" ? t("wrongPassword") : errorText(problem)}
        </p>
      )}
      <div className="space-y-1">
        <label htmlFor={`${idPrefix}-input`} className="block text-sm font-medium">
          {t("password")}
        </label>
        <input
          id={`${idPrefix}-input`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          aria-invalid={!!problem || undefined}
          aria-describedby={problem ? `${idPrefix}-error` : undefined}
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
      </div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("checking") : t("confirm")}
      </Button>
    </form>
  );
}

/** For forms on server actions: whether the action's state says it needs a step-up first. */
export const needsStepUp = (state: { code?: string } | undefined) => state?.code === STEP_UP_REQUIRED;
