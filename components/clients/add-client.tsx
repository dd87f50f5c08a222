"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { useFormats } from "@/lib/i18n/use-formats";

const LOAN_TYPES = ["conventional", "fha", "va", "usda", "jumbo", "other"];
/** The terms mortgages are written for, in years. */
const TERMS = [30, 20, 15, 10, 40];

/** Adds one client by hand; the same person at the same address updates the client already there. */
export function AddClient() {
  const t = useTranslations("AddClient");
  const f = useFormats();
  const errorText = useErrorText();
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
          phone: text("phone"),
          address: text("address") ?? "",
          loanBalance: number("loanBalance"),
          noteRate: number("noteRate"),
          loanType: text("loanType"),
          closingDate: text("closingDate"),
          termMonths: text("term") === undefined ? undefined : Number(text("term")) * 12,
        },
      });
      setDone(added.merged ? t("merged") : t("added"));
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
      <Field label={t("firstName")} name="firstName" autoComplete="off" required error={error("firstName")} />
      <Field label={t("lastName")} name="lastName" autoComplete="off" required error={error("lastName")} />
      <Field label={t("email")} name="email" type="email" autoComplete="off" error={error("email")} />
      <Field
        label={t("phone")}
        name="phone"
        type="tel"
        autoComplete="off"
        hint={t("phoneHint")}
        error={error("phone")}
      />
      <Field
        label={t("address")}
        name="address"
        autoComplete="off"
        required
        error={error("address")}
        hint={t("addressHint")}
      />
      <Field label={t("loanBalance")} name="loanBalance" inputMode="numeric" error={error("loanBalance")} />
      <Field label={t("noteRate")} name="noteRate" inputMode="decimal" error={error("noteRate")} />
      <SelectField
        id="loanType"
        name="loanType"
        label={t("loanType")}
        error={error("loanType")}
        options={[
          { value: "", label: t("notKnown") },
          ...LOAN_TYPES.map((type) => ({ value: type, label: f.loanType(type) })),
        ]}
      />
      <Field label={t("closingDate")} name="closingDate" type="date" error={error("closingDate")} />
      <SelectField
        id="term"
        name="term"
        label={t("term")}
        error={error("termMonths")}
        options={[
          { value: "", label: t("notKnown") },
          ...TERMS.map((years) => ({ value: String(years), label: t("termYears", { years }) })),
        ]}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? t("adding") : t("add")}
        </Button>
        {problem && !problem.fields && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorText(problem)}
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
