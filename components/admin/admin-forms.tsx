"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import type { Offers, OrgSettings } from "@/lib/services/platform/settings";
import { useFormAction } from "@/lib/client/use-form-action";

export function MaxLtvForm({ current, action }: { current: number; action: FormAction<{ orgMaxLtv: number }> }) {
  const t = useTranslations("AdminForms");
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
      <Field
        label={t("maxLtv")}
        name="orgMaxLtv"
        type="number"
        min={1}
        max={100}
        step={1}
        defaultValue={Math.round(current * 100)}
        required
        error={state?.fields?.orgMaxLtv}
      />
      <Button type="submit" disabled={pending}>
        {t("save")}
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && t("maxLtvSaved")}
      </p>
    </form>
  );
}

type OpportunityRules = Omit<OrgSettings, "orgMaxLtv">;
const MINIMUMS = [
  { name: "opportunityHelocMin", label: "helocMin" },
  { name: "opportunityCashOutMin", label: "cashOutMin" },
] as const;
/** What makes a refinance worth its costs: each field's label and hint in the catalogue, and its bounds. */
const REFINANCE = [
  { name: "refinanceRateMargin", min: 0, max: 5, step: 0.001, mode: "decimal" },
  { name: "refinanceBreakEvenMonths", min: 1, max: 360, step: 1, mode: "numeric" },
  { name: "closingCostPercent", min: 0, max: 10, step: 0.001, mode: "decimal" },
  { name: "closingCostFixed", min: 0, max: 10_000_000, step: 1, mode: "numeric" },
  { name: "refinanceMinBalance", min: 0, max: 10_000_000, step: 1, mode: "numeric" },
  { name: "refinanceMinMonths", min: 0, max: 480, step: 1, mode: "numeric" },
] as const;

/** The current rate and the minimums the client portfolio's opportunities are found by (at the next refresh). */
export function OpportunityRulesForm({
  current,
  action,
}: {
  current: OpportunityRules;
  action: FormAction<OpportunityRules>;
}) {
  const t = useTranslations("AdminForms");
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <Field
        label={t("currentRate")}
        name="orgCurrentRate"
        type="number"
        inputMode="decimal"
        min={0}
        max={30}
        step={0.001}
        defaultValue={current.orgCurrentRate}
        required
        hint={t("currentRateHint")}
        error={state?.fields?.orgCurrentRate}
      />
      {MINIMUMS.map((minimum) => (
        <Field
          key={minimum.name}
          label={t(minimum.label)}
          name={minimum.name}
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000_000}
          step={1}
          defaultValue={current[minimum.name]}
          required
          hint={t("minimumHint")}
          error={state?.fields?.[minimum.name]}
        />
      ))}
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-semibold">{t("refinanceLegend")}</legend>
        <p className="text-sm text-slate-700">{t("refinanceBody")}</p>
        {REFINANCE.map((field) => (
          <Field
            key={field.name}
            label={t(`${field.name}.label`)}
            name={field.name}
            type="number"
            inputMode={field.mode}
            min={field.min}
            max={field.max}
            step={field.step}
            defaultValue={current[field.name]}
            required
            hint={t(`${field.name}.hint`)}
            error={state?.fields?.[field.name]}
          />
        ))}
      </fieldset>
      <Button type="submit" disabled={pending}>
        {t("saveRules")}
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && t("rulesSaved")}
      </p>
    </form>
  );
}

const OFFER_FIELDS = [
  { kind: "heloc", rate: "helocRate", term: "helocTerm" },
  { kind: "cashOut", rate: "cashOutRate", term: "cashOutTerm" },
] as const;

/** The rate and term of each loan the organization offers homeowners (their borrowing scenarios use them). */
export function OffersForm({ current, action }: { current: Offers; action: FormAction<Offers> }) {
  const t = useTranslations("AdminForms");
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      {OFFER_FIELDS.map((offer) => (
        <fieldset key={offer.kind} className="grid grid-cols-2 gap-3">
          <legend className="mb-1 text-sm font-semibold">{t("offer", { kind: offer.kind })}</legend>
          {/* Each offer's fields are named with the offer, so that two fields on the page are not both "Rate (% a year)". */}
          <Field
            label={t("rate")}
            aria-label={t("rateNamed", { kind: offer.kind })}
            id={offer.rate}
            name={offer.rate}
            type="number"
            inputMode="decimal"
            min={0}
            max={25}
            step={0.001}
            defaultValue={current[offer.kind].ratePercent}
            required
            hint={t("rateHint")}
            error={state?.fields?.[`${offer.kind}.ratePercent`]}
          />
          <Field
            label={t("term")}
            aria-label={t("termNamed", { kind: offer.kind })}
            id={offer.term}
            name={offer.term}
            type="number"
            inputMode="numeric"
            min={1}
            max={40}
            step={1}
            defaultValue={current[offer.kind].termYears}
            required
            hint={t("termHint")}
            error={state?.fields?.[`${offer.kind}.termYears`]}
          />
        </fieldset>
      ))}
      <Button type="submit" disabled={pending}>
        {t("saveOffers")}
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && t("offersSaved")}
      </p>
    </form>
  );
}
