"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fetchJson, type ApiProblem as Problem } from "@/lib/client/fetch-json";
import type { AddressCheckDto } from "@/lib/services/dto";
import { AddressStatus } from "./address-status";
import { humanFieldErrors, missingFields, type PersonFields } from "./person-fields";

/** Waits until the person stops typing, so one normalization is spent per settled address, not per key. */
function useSettled(value: string, ms = 600): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Claims a home. `demoZips`: the ZIP codes the embedded data set covers, shown when an address is not found;
 * `initialAddress`: the address the person came with (the widget's "Get a detailed report").
 */
export function OnboardingForm({ demoZips = [], initialAddress = "" }: { demoZips?: string[]; initialAddress?: string }) {
  const router = useRouter();
  const [address, setAddress] = useState(initialAddress);
  const [errors, setErrors] = useState<Partial<Record<keyof PersonFields, string>>>({});
  const settled = useSettled(address.trim());
  const suggestion = useQuery({
    queryKey: ["address-suggestion", settled],
    queryFn: () => fetchJson<AddressCheckDto>("/api/address/suggest", { body: { address: settled } }),
    enabled: settled.length >= 12 && /\d/.test(settled),
    retry: false,
    staleTime: Infinity,
  });
  const create = useMutation<{ ownerId: string }, Problem, PersonFields>({
    mutationFn: (body) => fetchJson("/api/owners", { body }),
    onSuccess: () => {
      router.push("/dashboard" as Route);
      router.refresh();
    },
    onError: (problem) => setErrors(humanFieldErrors(problem.fields)),
  });

  function clear(field: keyof PersonFields) {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const form = new FormData(event.currentTarget);
    // What the person typed, not a suggestion they did not accept: the service standardizes it again anyway.
    const person = { firstName: String(form.get("firstName") ?? "").trim(), lastName: String(form.get("lastName") ?? "").trim(), address: address.trim() };
    const missing = missingFields(person);
    setErrors(missing);
    if (Object.keys(missing).length === 0) create.mutate(person);
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {create.error && create.error.status !== 400 && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {create.error.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" required error={errors.firstName} onChange={() => clear("firstName")} />
        <Field label="Last name" name="lastName" autoComplete="family-name" required error={errors.lastName} onChange={() => clear("lastName")} />
      </div>
      <Field
        label="Home address"
        name="address"
        autoComplete="street-address"
        required
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          clear("address");
        }}
        hint="Street, city, state and ZIP code, e.g. 2800 N 24th St, Phoenix, AZ 85008"
        error={errors.address}
      />
      <AddressStatus
        typed={address.trim()}
        checking={suggestion.isFetching}
        check={settled === address.trim() ? suggestion.data : undefined}
        problem={settled === address.trim() ? (suggestion.error as Problem | null) : null}
        demoZips={demoZips}
        onChoose={setAddress}
      />
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? "Adding your home…" : "Add my home"}
      </Button>
    </form>
  );
}
