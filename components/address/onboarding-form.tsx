"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fetchJson, type ApiProblem as Problem } from "@/lib/client/fetch-json";
import type { NormalizedAddressDto } from "@/lib/services/dto";

/** Waits until the person stops typing, so one normalization is spent per settled address, not per key. */
function useSettled(value: string, ms = 600): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function OnboardingForm() {
  const router = useRouter();
  const [address, setAddress] = useState("");
  const settled = useSettled(address.trim());
  const suggestion = useQuery({
    queryKey: ["address-suggestion", settled],
    queryFn: () => fetchJson<NormalizedAddressDto>("/api/address/suggest", { body: { address: settled } }),
    enabled: settled.length >= 12 && /\d/.test(settled),
    retry: false,
    staleTime: Infinity,
  });
  const create = useMutation<{ ownerId: string }, Problem, { firstName: string; lastName: string; address: string }>({
    mutationFn: (body) => fetchJson("/api/owners", { body }),
    onSuccess: () => {
      router.push("/dashboard" as Route);
      router.refresh();
    },
  });

  const suggested = suggestion.data?.ok ? suggestion.data : undefined;
  const better = suggested && suggested.oneLine.toLowerCase() !== address.trim().toLowerCase() ? suggested.oneLine : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const form = new FormData(event.currentTarget);
    create.mutate({ firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? ""), address: suggested?.oneLine ?? address });
  }

  const fields = create.error?.fields ?? {};
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {create.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {create.error.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" required error={fields.firstName} />
        <Field label="Last name" name="lastName" autoComplete="family-name" required error={fields.lastName} />
      </div>
      <Field
        label="Home address"
        name="address"
        autoComplete="street-address"
        required
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        hint="Street, city, state and ZIP code, e.g. 2800 N 24th St, Phoenix, AZ 85008"
        error={fields.address}
      />
      <div aria-live="polite" className="min-h-6 text-sm">
        {suggestion.isFetching && <span className="text-slate-600">Checking the address…</span>}
        {!suggestion.isFetching && better && (
          <span>
            Did you mean <strong>{better}</strong>?{" "}
            <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setAddress(better)}>
              Use this address
            </button>
          </span>
        )}
        {!suggestion.isFetching && suggested && !better && <span className="text-brand-700">✓ Address confirmed</span>}
        {!suggestion.isFetching && suggestion.data && !suggestion.data.ok && <span className="text-red-700">{suggestion.data.error}</span>}
        {!suggestion.isFetching && suggestion.error && <span className="text-red-700">{(suggestion.error as unknown as Problem).message}</span>}
      </div>
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? "Adding your home…" : "Add my home"}
      </Button>
    </form>
  );
}
