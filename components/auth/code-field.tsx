"use client";

import { useTranslations } from "next-intl";
import { useState, type Ref } from "react";

/**
 * The one-time code field: the phone's keyboard shows digits for an app's code; "Use a recovery code" switches it to
 * letters (recovery codes are like `K7P2M-X9QRT`). Browsers and password managers fill it (`one-time-code`).
 */
export function CodeField({
  id,
  invalid,
  autoFocus,
  ref,
}: {
  id: string;
  invalid?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const t = useTranslations("SecondFactor");
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("codeLabel")}
      </label>
      <input
        ref={ref}
        id={id}
        name="code"
        required
        autoFocus={autoFocus}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode={recovery ? "text" : "numeric"}
        maxLength={32}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-lg tracking-widest text-slate-900 shadow-sm aria-invalid:border-red-600"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {recovery ? t("recoveryHint") : t("appHint")}
      </p>
      <button
        type="button"
        className="text-sm font-medium text-brand-700 underline"
        onClick={() => setRecovery(!recovery)}
      >
        {recovery ? t("typeAppCode") : t("typeRecoveryCode")}
      </button>
    </div>
  );
}
