import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";

export interface AuditFilterValues {
  actor?: string;
  propertyId?: string;
  address?: string;
  action?: string;
  outcome?: string;
  from?: string;
  to?: string;
}

const isDay = (value?: string) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/**
 * The log's filters as a plain GET form: the page's address holds them (a link to a filtered view can be shared, and
 * "Older" keeps them), and it works without script. Each field's error, when the address held a bad value, is said with
 * it.
 */
export function AuditFilters({
  values,
  errors,
  actions,
}: {
  values: AuditFilterValues;
  errors: Record<string, string>;
  actions: { value: string; label: string }[];
}) {
  const t = useTranslations("Audit");
  const selectField = (
    name: "action" | "outcome",
    label: string,
    options: { value: string; label: string }[],
    any: string,
  ) => (
    <SelectField
      id={`audit-${name}`}
      name={name}
      label={label}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      options={[{ value: "", label: any }, ...options]}
    />
  );
  return (
    <form
      method="get"
      action="/admin/audit"
      aria-label={t("filterLabel")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field
        id="audit-actor"
        name="actor"
        label={t("actor")}
        inputMode="email"
        autoComplete="off"
        defaultValue={values.actor}
        error={errors.actor}
      />
      <Field
        id="audit-property"
        name="propertyId"
        label={t("property")}
        inputMode="numeric"
        defaultValue={values.propertyId}
        error={errors.propertyId}
      />
      <Field
        id="audit-address"
        name="address"
        label={t("address")}
        autoComplete="off"
        defaultValue={values.address}
        error={errors.address}
      />
      {selectField("action", t("action"), actions, t("everyAction"))}
      {selectField(
        "outcome",
        t("outcome"),
        [
          { value: "allowed", label: t("outcomeWord", { outcome: "allowed" }) },
          { value: "refused", label: t("outcomeWord", { outcome: "refused" }) },
          { value: "failed", label: t("outcomeWord", { outcome: "failed" }) },
        ],
        t("anyOutcome"),
      )}
      <Field
        id="audit-from"
        name="from"
        type="date"
        label={t("from")}
        defaultValue={isDay(values.from)}
        error={errors.from}
      />
      <Field id="audit-to" name="to" type="date" label={t("to")} defaultValue={isDay(values.to)} error={errors.to} />
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
          {t("filter")}
        </button>
        <a href="/admin/audit" className="py-2 text-sm font-medium text-brand-700 underline">
          {t("clear")}
        </a>
      </div>
    </form>
  );
}
