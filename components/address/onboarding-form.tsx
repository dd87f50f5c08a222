"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import { useAddressSuggestion } from "@/lib/client/use-address-suggestion";
import { useFormAction } from "@/lib/client/use-form-action";
import { useErrorText } from "@/lib/i18n/error-text";
import { AddressStatus } from "./address-status";
import { humanFieldErrors, missingFields, type MissingWords, type PersonFields } from "./person-fields";

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
 * Claims a home through `action` (the dashboard follows). `demoZips`: the ZIP codes the embedded data set covers,
 * shown when an address is not found; `initialAddress`: the address the person came with (the widget's "Get a
 * detailed report").
 */
export function OnboardingForm({
  action,
  demoZips = [],
  initialAddress = "",
}: {
  action: FormAction<never>;
  demoZips?: string[];
  initialAddress?: string;
}) {
  const t = useTranslations("Onboarding");
  const errorText = useErrorText();
  const words: MissingWords = {
    firstName: t("missingFirstName"),
    lastName: t("missingLastName"),
    address: t("missingAddress"),
  };
  const [address, setAddress] = useState(initialAddress);
  const [errors, setErrors] = useState<Partial<Record<keyof PersonFields, string>>>({});
  const settled = useSettled(address.trim());
  const suggestion = useAddressSuggestion(settled, settled.length >= 12 && /\d/.test(settled));
  // The server's field messages, in words a person reads, land beside their fields as the answer comes back.
  const { state, pending, onSubmit } = useFormAction<never>(
    async (previous, form) => {
      const result = await action(previous, form);
      setErrors(humanFieldErrors(result?.fields, words));
      return result;
    },
    (form) => {
      // What the person typed, not a suggestion they did not accept: the service standardizes it again anyway.
      const missing = missingFields(
        {
          firstName: String(form.get("firstName") ?? ""),
          lastName: String(form.get("lastName") ?? ""),
          address: address.trim(),
        },
        words,
      );
      setErrors(missing);
      return Object.keys(missing).length === 0;
    },
  );

  function clear(field: keyof PersonFields) {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {!pending && state?.error && state.status !== 400 && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText({ code: state.code, message: state.error })}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("firstName")}
          name="firstName"
          autoComplete="given-name"
          required
          error={errors.firstName}
          onChange={() => clear("firstName")}
        />
        <Field
          label={t("lastName")}
          name="lastName"
          autoComplete="family-name"
          required
          error={errors.lastName}
          onChange={() => clear("lastName")}
        />
      </div>
      <Field
        label={t("homeAddress")}
        name="address"
        autoComplete="street-address"
        required
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          clear("address");
        }}
        hint={t("addressHint")}
        error={errors.address}
      />
      <AddressStatus
        typed={address.trim()}
        checking={suggestion.isFetching}
        check={settled === address.trim() ? suggestion.data : undefined}
        problem={settled === address.trim() ? suggestion.error : null}
        demoZips={demoZips}
        onChoose={setAddress}
      />
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? t("adding") : t("add")}
      </Button>
    </form>
  );
}
