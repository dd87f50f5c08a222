"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import { useFormAction } from "@/lib/client/use-form-action";
import { useErrorText } from "@/lib/i18n/error-text";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

/** A loan officer's (or admin's) invitation of a client to one home. */
export function InviteClientForm({ action }: { action: FormAction<{ email: string; address: string }> }) {
  const t = useTranslations("InviteClient");
  const errorText = useErrorText();
  const { state, pending, onSubmit } = useFormAction(action);
  const sent = !pending && state?.data;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {!pending && state?.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText({ code: state.code, message: state.error })}
        </p>
      )}
      {sent && (
        <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm">
          {t("sent", { email: sent.email, address: sent.address })}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("firstName")} name="firstName" id="invite-first-name" autoComplete="off" required error={state?.fields?.firstName} />
        <Field label={t("lastName")} name="lastName" id="invite-last-name" autoComplete="off" required error={state?.fields?.lastName} />
      </div>
      <Field label={t("email")} name="email" id="invite-email" type="email" autoComplete="off" required error={state?.fields?.email} />
      <Field label={t("address")} name="address" id="invite-address" autoComplete="off" required hint={t("addressHint")} error={state?.fields?.address} />
      <div className="space-y-1">
        <label htmlFor="invite-locale" className="block text-sm font-medium">
          {t("language")}
        </label>
        <select
          id="invite-locale"
          name="locale"
          defaultValue="en"
          aria-describedby="invite-locale-hint"
          className="rounded-lg border border-slate-300 px-3 py-2"
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
        <p id="invite-locale-hint" className="text-sm text-slate-600">
          {t("languageHint")}
        </p>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? t("checking") : t("send")}
      </Button>
    </form>
  );
}
