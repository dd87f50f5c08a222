"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fetchJson, type ApiProblem } from "@/lib/client/fetch-json";

export function CreateOfficerForm() {
  const [done, setDone] = useState<string>();
  const create = useMutation<{ email: string }, ApiProblem, { email: string; password: string }>({
    mutationFn: (body) => fetchJson("/api/admin/users", { body: { ...body, role: "loan_officer" } }),
    onSuccess: (user) => setDone(`Created ${user.email}. Give them their password in person.`),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setDone(undefined);
    create.mutate({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field label="Email" name="email" type="email" autoComplete="off" required error={create.error?.fields?.email} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 10 characters." error={create.error?.fields?.password} />
      <Button type="submit" disabled={create.isPending}>
        Create loan officer
      </Button>
      <p aria-live="polite" className="text-sm">
        {done && <span className="text-brand-700">{done}</span>}
        {create.error && !create.error.fields && <span className="text-red-700">{create.error.message}</span>}
      </p>
    </form>
  );
}

export function MaxLtvForm({ current }: { current: number }) {
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const save = useMutation<{ orgMaxLtv: number }, ApiProblem, number>({
    mutationFn: (orgMaxLtv) => fetchJson("/api/admin/settings", { method: "PUT", body: { orgMaxLtv } }),
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate(Number(new FormData(event.currentTarget).get("orgMaxLtv")) / 100);
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <Field label="Maximum loan-to-value (%)" name="orgMaxLtv" type="number" min={1} max={100} step={1} defaultValue={Math.round(current * 100)} required error={save.error?.fields?.orgMaxLtv} />
      <Button type="submit" disabled={save.isPending}>
        Save
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {saved && "Saved. Equity everywhere now uses it."}
      </p>
    </form>
  );
}
