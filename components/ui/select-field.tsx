import type { ReactNode, SelectHTMLAttributes } from "react";
import { describedBy, FieldNotes } from "./field";

/**
 * A choice of a select: its value, its words, and their language when they are not the page's (a list of languages).
 */
export interface SelectOption {
  value: string | number;
  label: string;
  lang?: string;
}

/**
 * How the select sits: `standard` as the text fields of a form, `small` in small type beside small inputs, `inline` in
 * a row of small buttons (narrow, its label read out only, since the row says what it is).
 */
export type SelectLook = "standard" | "small" | "inline";

const SELECT = "rounded-lg border border-slate-300 bg-white text-slate-900 shadow-sm aria-invalid:border-red-600";
const LOOKS: Record<SelectLook, string> = {
  standard: `block w-full px-3 py-2 ${SELECT}`,
  small: `block w-full px-3 py-2 text-sm ${SELECT}`,
  inline: `px-2 py-1 text-sm ${SELECT}`,
};

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  look?: SelectLook;
  /** The choices as data; `children` (`<option>`s) instead when one needs more than these. */
  options?: SelectOption[];
  children?: ReactNode;
}

/** A labelled select whose error and hint are announced with it, as `Field` is for an input. */
export function SelectField({
  id,
  label,
  error,
  hint,
  look = "standard",
  options,
  children,
  ...select
}: SelectFieldProps) {
  const described = describedBy(id, error, hint);
  const hidden = look === "inline";
  return (
    <div className={hidden ? undefined : "space-y-1"}>
      <label htmlFor={id} className={hidden ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={LOOKS[look]}
        {...select}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}
