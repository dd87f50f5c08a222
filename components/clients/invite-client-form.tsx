"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
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
        <Field
          label={t("firstName")}
          name="firstName"
          id="invite-first-name"
          autoComplete="off"
          required
          error={state?.fields?.firstName}
        />
        <Field
          label={t("lastName")}
          name="lastName"
          id="invite-last-name"
          autoComplete="off"
          required
          error={state?.fields?.lastName}
        />
      </div>
      <Field
        label={t("email")}
        name="email"
        id="invite-email"
        type="email"
        autoComplete="off"
        required
        error={state?.fields?.email}
      />
      <Field
        label={t("address")}
        name="address"
        id="invite-address"
        autoComplete="off"
        required
        hint={t("addressHint")}
        error={state?.fields?.address}
      />
      <SelectField
        id="invite-locale"
        name="locale"
        label={t("language")}
        defaultValue="en"
        hint={t("languageHint")}
        options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))}
      />
      <Button type="submit" disabled={pending}>
        {pending ? t("checking") : t("send")}
      </Button>
    </form>
  );
}
