"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import type { Route } from "next";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CodeField } from "@/components/auth/code-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { passkeyAnswer } from "@/lib/client/passkeys";
import { safeCallbackPath } from "@/lib/security/safe-path";

// What the credentials and passkey providers answer (lib/auth/options.ts SIGN_IN_ERRORS): their words' keys in `Login`.
const SIGN_IN_ERRORS = {
  second_factor_invalid: "errorCode",
  passkey_invalid: "errorPasskey",
  CredentialsSignin: "errorCredentials",
} as const;
const signInError = (code: string | null | undefined) =>
  code && Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as keyof typeof SIGN_IN_ERRORS] : undefined;

/** `sso`: single sign-on for staff is configured; `notice`: why the last sign-in failed, from `?error=`. */
export function LoginForm({
  callbackUrl,
  sso = false,
  notice,
}: {
  callbackUrl: string;
  sso?: boolean;
  notice?: string;
}) {
  const t = useTranslations("Login");
  const errorText = useErrorText();
  const router = useRouter();
  const [error, setError] = useState<string | undefined>(notice);
  const [pending, setPending] = useState<"password" | "code" | "passkey">();
  // The password was right and the account has a second factor: the same email and password go again with the code.
  const [credentials, setCredentials] = useState<{ email: string; password: string }>();
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (credentials) codeInput.current?.focus();
  }, [credentials]);

  function signedIn() {
    // Checked again here: whatever hands this form a callback, sign-in never leaves the site.
    router.push(safeCallbackPath(callbackUrl) as Route);
    router.refresh();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = credentials ?? {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    const code = credentials ? String(form.get("code") ?? "").trim() : undefined;
    if (credentials && !code) {
      setError(t("enterCode"));
      codeInput.current?.focus();
      return;
    }
    setPending(credentials ? "code" : "password");
    setError(undefined);
    const result = await signIn("credentials", { redirect: false, ...typed, ...(code ? { code } : {}) });
    setPending(undefined);
    if (result?.error === "second_factor_required") {
      setCredentials(typed);
      return;
    }
    if (!result || result.error) {
      const key = signInError(result?.error);
      setError(key ? t(key) : (result?.error ?? t("errorCredentials")));
      if (credentials) codeInput.current?.select();
      return;
    }
    signedIn();
  }

  async function signInWithPasskey() {
    setPending("passkey");
    setError(undefined);
    try {
      const answer = await passkeyAnswer("/api/passkeys/sign-in-options");
      const result = await signIn("passkey", { redirect: false, response: JSON.stringify(answer) });
      if (!result || result.error) {
        const key = signInError(result?.error);
        throw new ApiProblem(key ? t(key) : (result?.error ?? t("errorPasskey")));
      }
      signedIn();
    } catch (problem) {
      setError(errorText(ApiProblem.from(problem)));
      setPending(undefined);
    }
  }

  const alert = error && (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );

  if (credentials)
    return (
      <div className="space-y-4">
        <form onSubmit={submit} className="space-y-4" noValidate aria-labelledby="code-step-title">
          <h2 id="code-step-title" className="text-lg font-semibold">
            {t("codeStepTitle")}
          </h2>
          <p className="text-sm text-slate-700">
            {t.rich("codeStepText", {
              email: credentials.email,
              b: (chunks) => <strong className="break-all">{chunks}</strong>,
            })}
          </p>
          {alert}
          <CodeField id="login-code" ref={codeInput} invalid={!!error} />
          <Button type="submit" disabled={!!pending} className="w-full">
            {pending === "code" ? t("checking") : t("signIn")}
          </Button>
        </form>
        <Button
          type="button"
          variant="secondary"
          disabled={!!pending}
          className="w-full"
          onClick={() => void signInWithPasskey()}
        >
          {pending === "passkey" ? t("waitingPasskey") : t("usePasskeyInstead")}
        </Button>
        <button
          type="button"
          className="text-sm font-medium text-brand-700 underline"
          onClick={() => {
            setCredentials(undefined);
            setError(undefined);
          }}
        >
          {t("startAgain")}
        </button>
      </div>
    );

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {alert}
        <Field label={t("email")} name="email" type="email" autoComplete="email" required />
        <Field label={t("password")} name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" disabled={!!pending} className="w-full">
          {pending === "password" ? t("signingIn") : t("signIn")}
        </Button>
      </form>
      <div className="space-y-3 border-t border-slate-200 pt-4">
        <p id="passkey-hint" className="text-sm text-slate-700">
          {t("passkeyHint")}
        </p>
        <Button
          type="button"
          variant="secondary"
          disabled={!!pending}
          className="w-full"
          aria-describedby="passkey-hint"
          onClick={() => void signInWithPasskey()}
        >
          {pending === "passkey" ? t("waitingPasskey") : t("signInWithPasskey")}
        </Button>
        {sso && (
          <Button
            type="button"
            className="w-full"
            onClick={() => signIn("oidc", { callbackUrl: safeCallbackPath(callbackUrl) })}
          >
            {t("signInWithSso")}
          </Button>
        )}
      </div>
      <p className="text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline">
          {t("forgotPassword")}
        </Link>
      </p>
    </div>
  );
}
