"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { SelectField } from "@/components/ui/select-field";
import { BEST_TIMES, type BestTime } from "@/lib/leads/words";

export interface PhoneFields {
  phone: string;
  bestTime: BestTime;
  consent: boolean;
}

/**
 * A phone number, the best time to call and the consent a lender needs before calling or texting (unticked until the
 * homeowner ticks it; its label is the exact words stored with the lead). Each field's error is tied to it.
 */
export function ConsentPhone({
  value,
  onChange,
  consentText,
  required,
  errors,
}: {
  value: PhoneFields;
  onChange: (value: PhoneFields) => void;
  consentText: string;
  /** A call request needs the number; a quote takes one if given. */
  required: boolean;
  errors: Record<string, string>;
}) {
  const t = useTranslations("Consent");
  const id = useId();
  const input = "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm";
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-phone`} className="block text-sm font-medium">
          {required ? t("phone") : t("phoneOptional")}
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          required={required}
          value={value.phone}
          onChange={(event) => onChange({ ...value, phone: event.target.value })}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
          className={input}
        />
        {errors.phone && (
          <p id={`${id}-phone-error`} className="mt-1 text-sm text-red-700">
            {errors.phone}
          </p>
        )}
      </div>
      <SelectField
        id={`${id}-time`}
        label={t("bestTime")}
        look="small"
        hint={t("timeZoneNote")}
        value={value.bestTime}
        onChange={(event) => onChange({ ...value, bestTime: event.target.value as BestTime })}
        options={BEST_TIMES.map((time) => ({ value: time, label: t("time", { time }) }))}
      />
      <div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-consent`}
            type="checkbox"
            checked={value.consent}
            onChange={(event) => onChange({ ...value, consent: event.target.checked })}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            className="mt-1"
          />
          <label htmlFor={`${id}-consent`} className="text-sm text-slate-800">
            {consentText}
          </label>
        </div>
        {errors.consent && (
          <p id={`${id}-consent-error`} className="mt-1 text-sm text-red-700">
            {errors.consent}
          </p>
        )}
      </div>
    </div>
  );
}
