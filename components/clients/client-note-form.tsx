"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { CLIENT_NOTE_MAX } from "@/lib/portfolio/notes";

/** The officer's note on a client: added through POST /api/clients/:id/notes, then the page's list shows it first. */
export function ClientNoteForm({ clientId }: { clientId: number }) {
  const t = useTranslations("ClientNotes");
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get("body") ?? "").trim();
    setSaved(false);
    if (!body) return setProblem(new ApiProblem(t("empty"), { code: "invalid_request", fields: { body: t("empty") } }));
    setPending(true);
    setProblem(undefined);
    try {
      await fetchJson(`/api/clients/${clientId}/notes`, { body: { body } });
      form.reset();
      setSaved(true);
      router.refresh();
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setPending(false);
    }
  }

  const error = problem?.fields?.body;
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor="note-body" className="block text-sm font-medium text-slate-800">
        {t("label")}
      </label>
      <textarea
        id="note-body"
        name="body"
        rows={3}
        maxLength={CLIENT_NOTE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "note-body-hint note-body-error" : "note-body-hint"}
        onChange={() => setSaved(false)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm aria-invalid:border-red-600"
      />
      {/* As components/ui/field's notes, written out: that module's input is not this textarea. */}
      <p id="note-body-hint" className="text-xs text-slate-600">
        {t("hint")}
      </p>
      {error && (
        <p id="note-body-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
        <span role="status" className="text-sm text-slate-700">
          {saved ? t("saved") : ""}
        </span>
      </div>
      {problem && !problem.fields && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(problem)}
        </p>
      )}
    </form>
  );
}
