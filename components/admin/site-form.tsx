"use client";

import { useTranslations } from "next-intl";
import { useStepUpForm } from "@/components/auth/use-step-up-form";
import { EmbedCode } from "@/components/embed/embed-code";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import { useErrorText } from "@/lib/i18n/error-text";

/** Registers a widget site; its secret lasts, so the action asks for a recent second factor (the dialog, then again). */
export function SiteForm({
  appOrigin,
  action,
}: {
  appOrigin: string;
  action: FormAction<{ siteKey: string; siteSecret: string }>;
}) {
  const t = useTranslations("Sites");
  const errorText = useErrorText();
  const { state, pending, onSubmit, stepUp } = useStepUpForm(action);
  const fields = state?.fields ?? {};
  const originError = Object.entries(fields).find(([field]) => field.startsWith("allowedOrigins"))?.[1];
  return (
    <div className="space-y-4">
      {/* Beside the form, not in it: the dialog's own form must not submit this one. */}
      {stepUp}
      <form onSubmit={onSubmit} className="grid gap-3 md:grid-cols-3" noValidate>
        <Field label={t("siteName")} name="name" required error={fields.name} />
        <Field label={t("origins")} name="origins" required hint={t("originsHint")} error={originError} />
        <Field
          label={t("budget")}
          name="budget"
          type="number"
          min={1}
          defaultValue={200}
          required
          error={fields.dailyBudget}
        />
        <div>
          <Button type="submit" disabled={pending}>
            {t("register")}
          </Button>
        </div>
      </form>
      {state?.error && !Object.keys(fields).length && (
        <p role="alert" className="text-sm text-red-700">
          {errorText({ code: state.code, message: state.error })}
        </p>
      )}
      {state?.data && (
        <div role="status" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          <p>
            {t.rich("siteKey", {
              key: state.data.siteKey,
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })}
          </p>
          <p>
            {t.rich("siteSecret", {
              secret: state.data.siteSecret,
              code: (chunks) => <code className="font-mono break-all">{chunks}</code>,
            })}
          </p>
          <EmbedCode appOrigin={appOrigin} siteKey={state.data.siteKey} />
        </div>
      )}
    </div>
  );
}
