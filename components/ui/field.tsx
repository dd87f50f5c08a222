import type { InputHTMLAttributes, ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error and hint are announced with it. */
export function Field({ label, name, error, hint, id = name, ...input }: FieldProps) {
  const described = describedBy(id, error, hint);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm aria-invalid:border-red-600"
        {...input}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** The ids of a control's error and hint, for its `aria-describedby` (undefined without either). */
export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;

/** A control's hint and error under it, each with the id `describedBy` names. */
export function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
