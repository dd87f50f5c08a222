"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { EmbedCode } from "@/components/embed/embed-code";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fetchJson, type ApiProblem } from "@/lib/client/fetch-json";

export function SiteForm({ appOrigin }: { appOrigin: string }) {
  const router = useRouter();
  const register = useMutation<{ siteKey: string; siteSecret: string }, ApiProblem, { name: string; allowedOrigins: string[]; dailyBudget: number }>({
    mutationFn: (body) => fetchJson("/api/admin/sites", { body }),
    onSuccess: () => router.refresh(),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    register.mutate({
      name: String(form.get("name") ?? ""),
      allowedOrigins: String(form.get("origins") ?? "").split(/[\s,]+/).filter(Boolean),
      dailyBudget: Number(form.get("budget")),
    });
  }
  const fields = register.error?.fields ?? {};
  const originError = Object.entries(fields).find(([field]) => field.startsWith("allowedOrigins"))?.[1];
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="grid gap-3 md:grid-cols-3" noValidate>
        <Field label="Site name" name="name" required error={fields.name} />
        <Field label="Allowed origins" name="origins" required hint="e.g. https://bank.example, one or more" error={originError} />
        <Field label="Daily budget (lookups)" name="budget" type="number" min={1} defaultValue={200} required error={fields.dailyBudget} />
        <div>
          <Button type="submit" disabled={register.isPending}>
            Register site
          </Button>
        </div>
      </form>
      {register.error && !Object.keys(fields).length && (
        <p role="alert" className="text-sm text-red-700">
          {register.error.message}
        </p>
      )}
      {register.data && (
        <div role="status" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          <p>
            Site key: <code className="font-mono">{register.data.siteKey}</code>
          </p>
          <p>
            Signing secret for partner tokens (shown only now; store it on your server): <code className="break-all font-mono">{register.data.siteSecret}</code>
          </p>
          <EmbedCode appOrigin={appOrigin} siteKey={register.data.siteKey} />
        </div>
      )}
    </div>
  );
}
