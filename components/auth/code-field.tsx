"use client";

import { useState, type Ref } from "react";

const LABEL = "Enter the 6-digit code from your authenticator app, or a recovery code";

/**
 * The one-time code field: the phone's keyboard shows digits for an app's code; "Use a recovery code" switches it to
 * letters (recovery codes are like `K7P2M-X9QRT`). Browsers and password managers fill it (`one-time-code`).
 */
export function CodeField({ id, invalid, autoFocus, ref }: { id: string; invalid?: boolean; autoFocus?: boolean; ref?: Ref<HTMLInputElement> }) {
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {LABEL}
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
        {recovery ? "A recovery code works once; spaces and dashes do not matter." : "The app's code changes every 30 seconds."}
      </p>
      <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={() => setRecovery(!recovery)}>
        {recovery ? "Type the app's code instead" : "Type a recovery code instead"}
      </button>
    </div>
  );
}
