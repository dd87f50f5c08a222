"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";

const LOAN_TYPES = ["conventional", "fha", "va", "usda", "jumbo", "other"];

/** Adds one client by hand; the same person at the same address updates the client already there. */
export function AddClient() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [done, setDone] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim() || undefined;
    const number = (name: string) => (text(name) === undefined ? undefined : Number(text(name)!.replace(/[$,%]/g, "")));
    setPending(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      const added = await fetchJson<{ merged: boolean }>("/api/clients", {
        body: {
          firstName: text("firstName") ?? "",
          lastName: text("lastName") ?? "",
          email: text("email"),
          address: text("address") ?? "",
          loanBalance: number("loanBalance"),
          noteRate: number("noteRate"),
          loanType: text("loanType"),
          closingDate: text("closingDate"),
        },
      });
      setDone(added.merged ? "Updated the client you already had at this address." : "Client added.");
      form.reset();
      router.refresh();
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setPending(false);
    }
  }

  const error = (field: string) => problem?.fields?.[field];
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
      <Field label="First name" name="firstName" autoComplete="off" required error={error("firstName")} />
      <Field label="Last name" name="lastName" autoComplete="off" required error={error("lastName")} />
      <Field label="Email (to invite them)" name="email" type="email" autoComplete="off" error={error("email")} />
      <Field label="Home address" name="address" autoComplete="off" required error={error("address")} hint="Street, city, state and ZIP code" />
      <Field label="Loan balance ($, if known)" name="loanBalance" inputMode="numeric" error={error("loanBalance")} />
      <Field label="Note rate (%, if known)" name="noteRate" inputMode="decimal" error={error("noteRate")} />
      <div className="space-y-1">
        <label htmlFor="loanType" className="block text-sm font-medium text-slate-800">
          Loan type
        </label>
        <select id="loanType" name="loanType" className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2">
          <option value="">Not known</option>
          {LOAN_TYPES.map((type) => (
            <option key={type} value={type}>
              {type === "fha" || type === "va" || type === "usda" ? type.toUpperCase() : type[0]!.toUpperCase() + type.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <Field label="Closing date (if known)" name="closingDate" type="date" error={error("closingDate")} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add client"}
        </Button>
        {problem && !problem.fields && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem.message}
          </p>
        )}
        {done && (
          <p role="status" className="mt-2 text-sm text-slate-700">
            {done}
          </p>
        )}
      </div>
    </form>
  );
}
