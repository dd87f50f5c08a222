"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { needsStepUp, StepUpDialog } from "@/components/auth/step-up";
import type { ActionState, FormAction } from "@/lib/api/action";
import { useFormAction } from "@/lib/client/use-form-action";

/**
 * useFormAction for a form whose server action may ask for a step-up (`stepUp` on its action(), or a service's
 * requireStepUp): its `step_up_required` answer opens the same dialog as useStepUp's, and once the person confirmed it
 * is them the form is sent again as they typed it. Closing the dialog leaves the answer that nothing was changed.
 * Render `stepUp` beside the form, never inside it: the dialog is a form of its own, and a form in a form submits both.
 */
export function useStepUpForm<T>(action: FormAction<T>, check?: (form: FormData) => boolean) {
  const t = useTranslations("StepUp");
  const { state, pending, onSubmit, resubmit } = useFormAction(action, check);
  const [sent, setSent] = useState<{ form: FormData; button: HTMLElement | null }>();
  // The step-up answer whose dialog was closed: confirmed (the form went again) or cancelled.
  const [answered, setAnswered] = useState<{ state: ActionState<T>; cancelled: boolean }>();
  const asking = !pending && state && needsStepUp(state) && answered?.state !== state ? state : undefined;
  const cancelled = !pending && answered?.cancelled && answered.state === state;
  const stepUp = asking ? (
    <StepUpDialog
      returnTo={sent?.button ?? null}
      onConfirmed={() => {
        setAnswered({ state: asking, cancelled: false });
        if (sent) resubmit(sent.form);
      }}
      onCancel={() => setAnswered({ state: asking, cancelled: true })}
    />
  ) : null;
  return {
    state: cancelled ? { ...state, error: t("cancelled"), code: "step_up_cancelled" } : state,
    pending,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const button = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setSent({ form: new FormData(event.currentTarget), button });
      onSubmit(event);
    },
    stepUp,
  };
}
