"use client";

import { useEffect, useRef } from "react";
import type { HomeownerLeadDto } from "@/lib/services/lead-dto";
import { sentWords } from "./use-send-lead";

/**
 * What a homeowner sees once a request went: to whom, when, where it stands, and whether this click was a repeat. When
 * it replaces the form just sent (`focus`), focus moves to it: the button pressed is gone, and a screen reader reads it.
 */
export function LeadSent({ lead, again, focus = false }: { lead: HomeownerLeadDto; again: boolean; focus?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className="rounded-lg border border-brand-700 bg-brand-50 p-3 text-sm text-slate-900"
      data-testid="lead-sent"
    >
      {again && <p className="font-semibold">You already sent this today.</p>}
      <p>{sentWords(lead)}</p>
      <p>
        Status: <strong data-testid="lead-status-words">{lead.statusWords}</strong>
      </p>
    </div>
  );
}
