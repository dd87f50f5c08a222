"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { usePasswordError } from "./password-problem";

interface Problems {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
}

export function SignUpForm({ minPasswordLength, next }: { minPasswordLength: number; next: string }) {
  const t = useTranslations("Signup");
  const errorText = useErrorText();
  const passwordError = usePasswordError();
  const router = useRouter();
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const credentials = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setPending(true);
    setProblems({});
    try {
      await fetchJson("/api/signup", { body: credentials });
    } catch (error) {
      const problem = ApiProblem.from(error);
      // A problem is said once: beside its field, which takes the focus so that its error is read out; else above.
      const atFault = Object.keys(problem.fields ?? {})
        .map((name) => element.elements.namedItem(name))
        .find((field): field is HTMLInputElement => field instanceof HTMLInputElement);
      setProblems(atFault ? { code: problem.code, fields: problem.fields } : { message: errorText(problem) });
      if (atFault) requestAnimationFrame(() => atFault.focus());
      setPending(false);
      return;
    }
    try {
      const result = await signIn("credentials", { redirect: false, ...credentials });
      if (result?.error) {
        setProblems({ message: t("signInFailed") });
        return;
      }
      router.push(next as Route);
      router.refresh();
    } catch {
      setProblems({ message: t("networkFailed") });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {problems.message && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.message}
        </p>
      )}
      <Field
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={problems.code === "email_taken" && problems.fields?.email ? t("emailTaken") : problems.fields?.email}
      />
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={minPasswordLength}
        hint={t("passwordHint", { min: minPasswordLength })}
        error={passwordError(problems, "password")}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("creating") : t("submit")}
      </Button>
    </form>
  );
}
