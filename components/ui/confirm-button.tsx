"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A button for something hard to undo: the first press asks (the question is said, focus moves to "yes"), the second
 * does it. Either puts focus back on the first button.
 */
export function ConfirmButton({
  label,
  accessibleName,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  label: string;
  /** A fuller name for screen readers when the label leans on what is around it ("Remove" → "Remove Work laptop"). */
  accessibleName?: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const common = useTranslations("Common");
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (wasAsking.current) first.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <Button
        ref={first}
        type="button"
        variant="danger"
        className="px-3 py-1 text-sm"
        disabled={disabled}
        aria-label={accessibleName}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    );
  return (
    <div
      role="group"
      aria-label={accessibleName ?? label}
      className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm"
    >
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={yes}
          type="button"
          variant="danger"
          className="px-3 py-1 text-sm"
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
        <Button type="button" variant="secondary" className="px-3 py-1 text-sm" onClick={() => setAsking(false)}>
          {common("cancel")}
        </Button>
      </div>
    </div>
  );
}
