"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";

/** An admin's release of a widget lead held for review (POST /api/leads/:id/release); the page reloads its data after. */
export function ReleaseLeadButton({ leadId }: { leadId: number }) {
  const t = useTranslations("LeadStatus");
  const errorText = useErrorText();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const release = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch(`/api/leads/${leadId}/release`, { method: "POST" });
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string; code?: string } };
      if (!response.ok)
        throw new Error(errorText({ code: body.error?.code, message: body.error?.message ?? t("releaseFailed") }));
      setDone(t("released"));
      router.refresh();
    } catch (failure) {
      // A network failure's own words ("Failed to fetch") are the browser's, in its language: ours instead.
      setError(failure instanceof TypeError || !(failure instanceof Error) ? t("releaseFailed") : failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={busy}
        onClick={() => void release()}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t("release")}
      </button>
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
