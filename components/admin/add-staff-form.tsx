"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useStepUpForm } from "@/components/auth/use-step-up-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import { useErrorText } from "@/lib/i18n/error-text";

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
              {...(onChange
                ? { checked: value === option.value, onChange: () => onChange(option.value) }
                : { defaultChecked: i === 0 })}
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
export function AddStaffForm({
  action,
  invitations,
}: {
  action: FormAction<{ email: string; invited: boolean }>;
  invitations: boolean;
}) {
  const t = useTranslations("AddStaff");
  const errorText = useErrorText();
  // Adding an admin asks for a recent second factor: the form asks for it, then sends what was typed again.
  const { state, pending, onSubmit, stepUp } = useStepUpForm(action);
  const roles = [
    { value: "loan_officer", label: t("roleLoanOfficer") },
    { value: "admin", label: t("roleAdmin") },
  ];
  const setups = [
    { value: "invite", label: t("setupInvite") },
    { value: "password", label: t("setupPassword") },
  ];
  const [setup, setSetup] = useState<string>(invitations ? "invite" : "password");
  const done = !pending && state?.data;
  return (
    <>
      {/* Beside the form, not in it: the dialog's own form must not submit this one. */}
      {stepUp}
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <Field
          label={t("email")}
          name="email"
          id="staff-email"
          type="email"
          autoComplete="off"
          required
          error={state?.fields?.email}
        />
        <Choice legend={t("role")} name="role" options={roles} error={state?.fields?.role} />
        {invitations ? (
          <Choice
            legend={t("theirPassword")}
            name="setup"
            options={setups}
            value={setup}
            onChange={setSetup}
            error={state?.fields?.invite}
          />
        ) : (
          <input type="hidden" name="setup" value="password" />
        )}
        {setup === "password" && (
          <Field
            label={t("password")}
            name="password"
            id="staff-password"
            type="password"
            autoComplete="new-password"
            required
            hint={t("passwordHint")}
            error={state?.fields?.password}
          />
        )}
        <Button type="submit" disabled={pending}>
          {/* The client invitation beside it on /admin has its own "Send invitation": a screen reader's list of buttons tells them apart. */}
          {setup === "invite" ? t("sendInvitation") : t("createAccount")}
        </Button>
        <p aria-live="polite" className="text-sm">
          {done && state.data?.invited && (
            <span className="text-brand-700">{t("invited", { email: state.data.email })}</span>
          )}
          {done && !state.data?.invited && (
            <span className="text-brand-700">{t("created", { email: state.data?.email ?? "" })}</span>
          )}
          {!pending && state?.error && !state.fields && (
            <span className="text-red-700">{errorText({ code: state.code, message: state.error })}</span>
          )}
        </p>
      </form>
    </>
  );
}
