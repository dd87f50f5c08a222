"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";
import type { LeadStatus } from "@/lib/leads/words";

/** The officer's buttons for where a lead may go next (PATCH /api/leads/:id); the page reloads its data after. */
export function LeadStatusButtons({
  leadId,
  status,
  next,
}: {
  leadId: number;
  status: LeadStatus;
  next: readonly LeadStatus[];
}) {
  const t = useTranslations("LeadStatus");
  const errorText = useErrorText();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const move = async (to: LeadStatus) => {
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch(`/api/leads/${leadId}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ status: to }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string; code?: string } };
      if (!response.ok)
        throw new Error(errorText({ code: body.error?.code, message: body.error?.message ?? t("failed") }));
      setDone(t("marked", { status: to }));
      router.refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm">
        {t.rich("current", {
          status: t("label", { status }),
          b: (chunks) => <strong data-testid="lead-status">{chunks}</strong>,
        })}
      </p>
      {next.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {next.map((to) => (
            <button
              key={to}
              type="button"
              disabled={busy}
              onClick={() => void move(to)}
              className={
                to === "contacted" || to === "won"
                  ? "rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
                  : "rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
              }
            >
              {t("verb", { status: to })}
            </button>
          ))}
        </div>
      )}
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {done}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
