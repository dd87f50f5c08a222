"use client";

import { startTransition, useActionState, type FormEvent } from "react";
import type { ActionState, FormAction } from "@/lib/api/action";

/**
 * A form submitted to a server action through `useActionState`. Submitted from `onSubmit` rather than the `action`
 * prop, so a refused form keeps what the person typed (React resets a form after its `action` runs). `check` may
 * refuse in the browser first (say, fields left empty): return false and nothing is sent.
 */
export function useFormAction<T>(action: FormAction<T>, check?: (form: FormData) => boolean) {
  const [state, dispatch, pending] = useActionState<ActionState<T> | undefined, FormData>(action, undefined);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (pending || (check && !check(form))) return;
    startTransition(() => dispatch(form));
  }
  /** Sends a form again as it was (after the person confirmed it is them, say). */
  const resubmit = (form: FormData) => startTransition(() => dispatch(form));
  return { state, pending, onSubmit, resubmit };
}
