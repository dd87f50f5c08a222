"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import { useFormAction } from "@/lib/client/use-form-action";

export function CreateOfficerForm({ action }: { action: FormAction<{ email: string }> }) {
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <Field label="Email" name="email" type="email" autoComplete="off" required error={state?.fields?.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters."
        error={state?.fields?.password}
      />
      <Button type="submit" disabled={pending}>
        Create loan officer
      </Button>
      <p aria-live="polite" className="text-sm">
        {!pending && state?.data && <span className="text-brand-700">Created {state.data.email}. Give them their password in person.</span>}
        {!pending && state?.error && !state.fields && <span className="text-red-700">{state.error}</span>}
      </p>
    </form>
  );
}

export function MaxLtvForm({ current, action }: { current: number; action: FormAction<{ orgMaxLtv: number }> }) {
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
      <Field
        label="Maximum loan-to-value (%)"
        name="orgMaxLtv"
        type="number"
        min={1}
        max={100}
        step={1}
        defaultValue={Math.round(current * 100)}
        required
        error={state?.fields?.orgMaxLtv}
      />
      <Button type="submit" disabled={pending}>
        Save
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && "Saved. Equity everywhere now uses it."}
      </p>
    </form>
  );
}
