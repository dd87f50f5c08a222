"use client";

import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";

/**
 * "Delete my account": a dialog says what goes and asks for the password; an account with a second factor confirms
 * with it instead (the step-up dialog, when the last one is older than ten minutes). Once deleted, the browser is
 * signed out (the answer cleared its cookie) and lands on the sign-in page, which says goodbye.
 */
export function DeleteAccount({ hasSecondFactor }: { hasSecondFactor: boolean }) {
  const t = useTranslations("DataRights");
  const errorText = useErrorText();
  const id = useId();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [problem, setProblem] = useState<ApiProblem>();
  const [pending, setPending] = useState(false);
  const { withStepUp, stepUp } = useStepUp();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get("password");
    setPending(true);
    setProblem(undefined);
    // The step-up dialog takes the screen for itself: this one steps aside first.
    if (hasSecondFactor) dialog.current?.close();
    try {
      await withStepUp(() =>
        fetchJson("/api/account", {
          method: "DELETE",
          body: hasSecondFactor ? {} : { password: String(password ?? "") },
        }),
      );
      router.push("/login?deleted=1" as Route);
      router.refresh();
    } catch (error) {
      setProblem(ApiProblem.from(error));
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      {/* With a second factor the dialog has closed before the answer: its problem shows here. */}
      {problem && hasSecondFactor && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText(problem)}
        </p>
      )}
      <Button type="button" variant="danger" onClick={() => dialog.current?.showModal()} disabled={pending}>
        {t("delete")}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <form onSubmit={(event) => void confirm(event)} className="space-y-4" noValidate>
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {t("deleteTitle")}
          </h2>
          <div id={`${id}-text`} className="space-y-2 text-sm text-slate-700">
            <p>{t("deleteWhat")}</p>
            <p>{t("deleteKept")}</p>
          </div>
          {problem && !hasSecondFactor && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {errorText(problem)}
            </p>
          )}
          {hasSecondFactor ? (
            <p className="text-sm text-slate-700">{t("confirmWithFactor")}</p>
          ) : (
            <Field
              label={t("password")}
              name="password"
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              error={problem?.fields?.password}
            />
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? t("deleting") : t("deleteForGood")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => dialog.current?.close()}>
              {t("keep")}
            </Button>
          </div>
        </form>
      </dialog>
      {stepUp}
    </div>
  );
}
