"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { fetchJson } from "@/lib/client/fetch-json";
import type { FactorActions } from "./factor-actions";
import { grouped } from "./format";

interface Setup {
  secret: string;
  qrSvg: string;
}

/** The authenticator app: set up (QR code or the key typed, then its first code), or turned off. */
export function AuthenticatorSection({ on, actions }: { on: boolean; actions: FactorActions }) {
  const t = useTranslations("Authenticator");
  const { withStepUp, run, said } = actions;
  const [setup, setSetup] = useState<Setup>();
  const [copied, setCopied] = useState(false);
  const [codeError, setCodeError] = useState<string>();

  const start = () =>
    run(
      "totp",
      () => withStepUp(() => fetchJson<Setup & { uri: string }>("/api/account/authenticator", { method: "POST" })),
      setSetup,
    );

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    setCodeError(undefined);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setCodeError(t("enterDigits"));
      return;
    }
    await run(
      "totp",
      () =>
        withStepUp(() =>
          fetchJson<{ recoveryCodes?: string[] }>("/api/account/authenticator/confirm", { body: { code } }),
        ),
      (answer) => {
        setSetup(undefined);
        return { ...answer, message: t("setUp") };
      },
      (problem) => {
        if (!problem.fields?.code) return false;
        setCodeError(t("wrongCode"));
        return true;
      },
    );
  }

  async function copy(secret: string) {
    await navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <section aria-labelledby="totp-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="totp-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-slate-700">
        {t.rich("intro", { on: String(on), b: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {said("totp")}
      {on && (
        <ConfirmButton
          label={t("turnOff")}
          question={t("turnOffQuestion")}
          confirmLabel={t("turnOffConfirm")}
          onConfirm={() =>
            void run(
              "totp",
              () => withStepUp(() => fetchJson("/api/account/authenticator", { method: "DELETE" })),
              () => ({ message: t("turnedOff") }),
            )
          }
        />
      )}
      {!on && !setup && (
        <Button type="button" onClick={() => void start()}>
          {t("start")}
        </Button>
      )}
      {!on && setup && (
        <div className="space-y-4 border-t border-slate-200 pt-4">
          <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-800">
            <li className="space-y-2">
              <p>{t("scan")}</p>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on our server; nothing to optimize */}
              <img
                src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
                alt={t("qrAlt")}
                width={192}
                height={192}
                className="size-48 rounded-lg border border-slate-200 bg-white p-2"
              />
            </li>
            <li className="space-y-2">
              <p>{t("typeKey")}</p>
              <p className="flex flex-wrap items-center gap-3">
                <code data-testid="totp-secret" className="rounded-md bg-slate-100 px-3 py-2 font-mono text-base">
                  {grouped(setup.secret)}
                </code>
                <Button
                  type="button"
                  variant="secondary"
                  className="px-3 py-1 text-sm"
                  onClick={() => void copy(setup.secret)}
                >
                  {t("copy")}
                </Button>
                <span role="status" className="text-slate-700">
                  {copied ? t("copied") : ""}
                </span>
              </p>
            </li>
            <li>
              <form onSubmit={confirm} className="space-y-3" noValidate>
                <Field
                  label={t("codeLabel")}
                  name="code"
                  id="totp-confirm-code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  required
                  error={codeError}
                />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit">{t("turnOn")}</Button>
                  <Button type="button" variant="secondary" onClick={() => setSetup(undefined)}>
                    {t("cancel")}
                  </Button>
                </div>
              </form>
            </li>
          </ol>
        </div>
      )}
    </section>
  );
}
