"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { FormAction } from "@/lib/api/action";
import type { Offers, OrgSettings } from "@/lib/services/settings";
import { useFormAction } from "@/lib/client/use-form-action";

export function MaxLtvForm({ current, action }: { current: number; action: FormAction<{ orgMaxLtv: number }> }) {
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
      <Field
        label="Maximum loan-to-value (%)"
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
        Save
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && "Saved. Equity everywhere now uses it."}
      </p>
    </form>
  );
}

type OpportunityRules = Pick<OrgSettings, "orgCurrentRate" | "opportunityHelocMin" | "opportunityCashOutMin">;
const MINIMUMS = [
  { name: "opportunityHelocMin", label: "Least equity for a home equity line ($)" },
  { name: "opportunityCashOutMin", label: "Least equity for a cash-out refinance ($)" },
] as const;

/** The current rate and the minimums the client portfolio's opportunities are found by (at the next refresh). */
export function OpportunityRulesForm({ current, action }: { current: OpportunityRules; action: FormAction<OpportunityRules> }) {
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <Field
        label="Current note rate (% a year)"
        name="orgCurrentRate"
        type="number"
        inputMode="decimal"
        min={0}
        max={30}
        step={0.001}
        defaultValue={current.orgCurrentRate}
        required
        hint="0 to 30; a client's rate 0.75 point above it is a rate-and-term refinance"
        error={state?.fields?.orgCurrentRate}
      />
      {MINIMUMS.map((minimum) => (
        <Field
          key={minimum.name}
          label={minimum.label}
          name={minimum.name}
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000_000}
          step={1}
          defaultValue={current[minimum.name]}
          required
          hint="Whole dollars of available equity, 0 to 10,000,000"
          error={state?.fields?.[minimum.name]}
        />
      ))}
      <Button type="submit" disabled={pending}>
        Save opportunity rules
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && "Saved. The next refresh of each client finds opportunities by these."}
      </p>
    </form>
  );
}

const OFFER_FIELDS = [
  { kind: "heloc", label: "Home equity line", rate: "helocRate", term: "helocTerm" },
  { kind: "cashOut", label: "Cash-out refinance", rate: "cashOutRate", term: "cashOutTerm" },
] as const;

/** The rate and term of each loan the organization offers homeowners (their borrowing scenarios use them). */
export function OffersForm({ current, action }: { current: Offers; action: FormAction<Offers> }) {
  const { state, pending, onSubmit } = useFormAction(action);
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      {OFFER_FIELDS.map((offer) => (
        <fieldset key={offer.kind} className="grid grid-cols-2 gap-3">
          <legend className="mb-1 text-sm font-semibold">{offer.label}</legend>
          {/* Each offer's fields are named with the offer, so that two fields on the page are not both "Rate (% a year)". */}
          <Field
            label="Rate (% a year)"
            aria-label={`${offer.label} rate (% a year)`}
            id={offer.rate}
            name={offer.rate}
            type="number"
            inputMode="decimal"
            min={0}
            max={25}
            step={0.001}
            defaultValue={current[offer.kind].ratePercent}
            required
            hint="0 to 25"
            error={state?.fields?.[`${offer.kind}.ratePercent`]}
          />
          <Field
            label="Term (years)"
            aria-label={`${offer.label} term (years)`}
            id={offer.term}
            name={offer.term}
            type="number"
            inputMode="numeric"
            min={1}
            max={40}
            step={1}
            defaultValue={current[offer.kind].termYears}
            required
            hint="Whole years, 1 to 40"
            error={state?.fields?.[`${offer.kind}.termYears`]}
          />
        </fieldset>
      ))}
      <Button type="submit" disabled={pending}>
        Save offers
      </Button>
      <p aria-live="polite" className="text-sm text-brand-700">
        {!pending && state?.data && "Saved. Homeowners' borrowing scenarios now use these."}
      </p>
    </form>
  );
}
