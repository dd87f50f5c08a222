"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";

type LeadMail = "each" | "daily";

/** The officer's choice of how they hear of new leads (PUT /api/account/lead-mail). */
export function LeadMailForm({ leadMail }: { leadMail: LeadMail }) {
  const t = useTranslations("LeadMail");
  const errorText = useErrorText();
  const [choice, setChoice] = useState<LeadMail>(leadMail);
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(undefined);
    try {
      const response = await fetch("/api/account/lead-mail", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ leadMail: choice }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
      if (!response.ok) {
        setError(body.error?.message ? errorText({ code: body.error.code, message: body.error.message }) : t("failed"));
        return;
      }
      setSaved(choice === "each" ? t("savedEach") : t("savedDaily"));
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("legend")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="leadMail"
            value="each"
            checked={choice === "each"}
            onChange={() => setChoice("each")}
          />
          {t("each")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="leadMail"
            value="daily"
            checked={choice === "daily"}
            onChange={() => setChoice("daily")}
          />
          {t("daily")}
        </label>
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t("save")}
      </button>
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {saved}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
