"use client";

import { useState } from "react";
import { needsStepUp, StepUpDialog } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import { useFormAction } from "@/lib/client/use-form-action";

const ROLES = [
  { value: "loan_officer", label: "Loan officer" },
  { value: "admin", label: "Admin" },
] as const;

const SETUPS = [
  { value: "invite", label: "Email them an invitation to choose a password" },
  { value: "password", label: "Set a password now" },
] as const;

/** A choice of a few radio buttons, its error announced with the group. */
function Choice({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value?: string;
  onChange?: (value: string) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 space-y-1 text-sm">
        {options.map((option, i) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              {...(onChange ? { checked: value === option.value, onChange: () => onChange(option.value) } : { defaultChecked: i === 0 })}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Adds a loan officer or an admin: by default an emailed link lets them choose their own password; "set a password
 * now" is for handing one over in person. Staff who sign in with single sign-on only (`invitations` false) get no link.
 */
export function AddStaffForm({ action, invitations }: { action: FormAction<{ email: string; invited: boolean }>; invitations: boolean }) {
  const { state, pending, onSubmit, resubmit } = useFormAction(action);
  const [setup, setSetup] = useState<string>(invitations ? "invite" : "password");
  // Adding an admin asks for a recent second factor: the form asks for it, then sends what was typed again.
  const [sent, setSent] = useState<{ form: FormData; button: HTMLElement | null }>();
  const [answered, setAnswered] = useState<typeof state>();
  const asking = !pending && needsStepUp(state) && answered !== state;
  const done = !pending && state?.data;
  return (
    <form
      onSubmit={(event) => {
        setSent({ form: new FormData(event.currentTarget), button: document.activeElement instanceof HTMLElement ? document.activeElement : null });
        onSubmit(event);
      }}
      className="space-y-3"
      noValidate
    >
      {asking && (
        <StepUpDialog
          returnTo={sent?.button ?? null}
          onConfirmed={() => {
            setAnswered(state);
            if (sent) resubmit(sent.form);
          }}
          onCancel={() => setAnswered(state)}
        />
      )}
      <Field label="Email" name="email" id="staff-email" type="email" autoComplete="off" required error={state?.fields?.email} />
      <Choice legend="Role" name="role" options={ROLES} error={state?.fields?.role} />
      {invitations ? (
        <Choice legend="Their password" name="setup" options={SETUPS} value={setup} onChange={setSetup} error={state?.fields?.invite} />
      ) : (
        <input type="hidden" name="setup" value="password" />
      )}
      {setup === "password" && (
        <Field
          label="Password"
          name="password"
          id="staff-password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 10 characters and hard to guess."
          error={state?.fields?.password}
        />
      )}
      <Button type="submit" disabled={pending}>
        {/* The client invitation beside it on /admin has its own "Send invitation": a screen reader's list of buttons tells them apart. */}
        {setup === "invite" ? "Send staff invitation" : "Create staff account"}
      </Button>
      <p aria-live="polite" className="text-sm">
        {done && state.data?.invited && <span className="text-brand-700">Invitation sent to {state.data.email}. The link works once, for 3 days.</span>}
        {done && !state.data?.invited && <span className="text-brand-700">Created {state.data?.email}. Give them their password in person.</span>}
        {!pending && state?.error && !state.fields && <span className="text-red-700">{state.error}</span>}
      </p>
    </form>
  );
}
