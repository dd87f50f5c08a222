"use client";

import { useState } from "react";

type LeadMail = "each" | "daily";

/** The officer's choice of how they hear of new leads (PUT /api/account/lead-mail). */
export function LeadMailForm({ leadMail }: { leadMail: LeadMail }) {
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
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      if (!response.ok) throw new Error(body.error?.message ?? "Your choice could not be saved. Please try again.");
      setSaved(choice === "each" ? "Saved: an email for each new lead." : "Saved: one summary a day.");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">When a homeowner sends you a question, call request or quote request</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="leadMail" value="each" checked={choice === "each"} onChange={() => setChoice("each")} />
          Email me about each new lead within a minute
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="leadMail" value="daily" checked={choice === "daily"} onChange={() => setChoice("daily")} />
          One summary a day (new leads, and leads open for more than a business day)
        </label>
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        Save
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
