"use client";

import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { AuthenticatorSection } from "./authenticator-section";
import type { FactorActions } from "./factor-actions";
import { PasskeysSection, type PasskeyRow } from "./passkeys-section";
import { RecoveryCodes } from "./recovery-codes";

export interface SecurityView {
  totp: boolean;
  passkeys: PasskeyRow[];
  recoveryCodesLeft: number;
  enrolling: boolean;
  homeowner: boolean;
}

/** The security page's sections, and the recovery codes shown once in their place when there are new ones. */
export function SecuritySettings({ view, next }: { view: SecurityView; next: string }) {
  const t = useTranslations("RecoveryCodes");
  const errorText = useErrorText();
  const router = useRouter();
  const { withStepUp, stepUp } = useStepUp();
  const [pending, setPending] = useState<string>();
  const [message, setMessage] = useState<{ section: string; text: string; error: boolean }>();
  const [codes, setCodes] = useState<{ codes: string[]; replaced: boolean }>();
  const hasFactor = view.totp || view.passkeys.length > 0;

  const actions: FactorActions = {
    withStepUp,
    pending,
    async run(section, action, done, failed) {
      setPending(section);
      setMessage(undefined);
      try {
        const outcome = done(await action());
        if (outcome?.recoveryCodes) setCodes({ codes: outcome.recoveryCodes, replaced: false });
        if (outcome?.message) setMessage({ section, text: outcome.message, error: false });
        router.refresh();
      } catch (error) {
        const problem = ApiProblem.from(error);
        if (!failed?.(problem)) setMessage({ section, text: errorText(problem), error: true });
      } finally {
        setPending(undefined);
      }
    },
    said(section) {
      if (message?.section !== section) return null;
      return message.error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message.text}
        </p>
      ) : (
        <p role="status" className="rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm">
          {message.text}
        </p>
      );
    },
  };

  if (codes)
    return (
      <RecoveryCodes
        codes={codes.codes}
        replaced={codes.replaced}
        savedLabel={codes.replaced ? t("saved") : t("savedContinue")}
        onSaved={() => {
          setCodes(undefined);
          // With the account's first factor, the sign-in (or the enrolment) is finished: on to the app.
          if (!codes.replaced) {
            router.push(next as Route);
            router.refresh();
          }
        }}
      />
    );

  return (
    <div className="space-y-6">
      {stepUp}
      <PasskeysSection passkeys={view.passkeys} homeowner={view.homeowner} actions={actions} />
      <AuthenticatorSection on={view.totp} actions={actions} />
      {hasFactor && (
        <section
          aria-labelledby="recovery-title"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <h2 id="recovery-title" className="text-xl font-semibold">
            {t("sectionTitle")}
          </h2>
          <p className="text-sm text-slate-700">
            {t.rich("sectionIntro", {
              left: view.recoveryCodesLeft,
              b: (chunks) => <strong data-testid="codes-left">{chunks}</strong>,
            })}
          </p>
          {actions.said("recovery")}
          <ConfirmButton
            label={t("renew")}
            question={t("renewQuestion")}
            confirmLabel={t("renewConfirm")}
            disabled={pending === "recovery"}
            onConfirm={() =>
              void actions.run(
                "recovery",
                () =>
                  withStepUp(() =>
                    fetchJson<{ recoveryCodes: string[] }>("/api/account/recovery-codes", { method: "POST" }),
                  ),
                (answer) => setCodes({ codes: answer.recoveryCodes, replaced: true }),
              )
            }
          />
        </section>
      )}
    </div>
  );
}
