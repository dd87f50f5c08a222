"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useFormats } from "@/lib/i18n/use-formats";
import type { HomeownerLeadDto } from "@/lib/services/leads/dto";

/**
 * What a homeowner sees once a request went: to whom, when, where it stands, and whether this click was a repeat. When
 * it replaces the form just sent (`focus`), focus moves to it: the button pressed is gone, and a screen reader reads
 * it.
 */
export function LeadSent({ lead, again, focus = false }: { lead: HomeownerLeadDto; again: boolean; focus?: boolean }) {
  const t = useTranslations("LeadSent");
  const f = useFormats();
  const box = useRef<HTMLDivElement>(null);
  const date = f.date(lead.createdAt);
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
      {again && <p className="font-semibold">{t("again")}</p>}
      {/* "Sent to Dana Reyes on November 27, 2026." */}
      <p>{lead.officerName ? t("sentTo", { officer: lead.officerName, date }) : t("sentToYourOfficer", { date })}</p>
      <p>
        {t.rich("status", {
          words: t("statusWords", { status: lead.status }),
          b: (chunks) => <strong data-testid="lead-status-words">{chunks}</strong>,
        })}
      </p>
    </div>
  );
}
