"use client";

import { signIn } from "next-auth/react";
import type { Route } from "next";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { safeCallbackPath } from "@/lib/security/safe-path";

/** `sso`: single sign-on for staff is configured; `notice`: why the last sign-in failed, from `?error=`. */
export function LoginForm({ callbackUrl, sso = false, notice }: { callbackUrl: string; sso?: boolean; notice?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>(notice);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", { redirect: false, email: form.get("email"), password: form.get("password") });
    setPending(false);
    if (!result || result.error) {
      setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Wrong email or password.");
      return;
    }
    // Checked again here: whatever hands this form a callback, sign-in never leaves the site.
    router.push(safeCallbackPath(callbackUrl) as Route);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      {sso && (
        <Button type="button" className="w-full" onClick={() => signIn("oidc", { callbackUrl: safeCallbackPath(callbackUrl) })}>
          Sign in with your organization&apos;s account
        </Button>
      )}
      <p className="text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
