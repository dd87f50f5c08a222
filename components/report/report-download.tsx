"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";

type Format = "pdf" | "html" | "json";

/** Downloads the report with a progress bar; failures are said in words, and the button can be pressed again. */
export function ReportDownload({
  address,
  applicantName,
  formats = ["pdf"],
}: {
  address: string;
  applicantName: string;
  formats?: Format[];
}) {
  const t = useTranslations("Report");
  const errorText = useErrorText();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ done: true } | { error: string } | null>(null);
  // A plain async handler, not a query library: this component sits on the homeowner's pages, which ship no other.
  async function download(format: Format) {
    setProgress(0);
    setOutcome(null);
    try {
      const query = new URLSearchParams({ address, applicant_name: applicantName, format });
      const response = await fetch(`/api/property/report?${query}`);
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as
          { error?: { code?: string; message?: string } } | undefined;
        const error = body?.error;
        throw new Error(error?.message ? errorText({ code: error.code, message: error.message }) : t("makeFailed"));
      }
      const total = Number(response.headers.get("Content-Length")) || 0;
      const reader = response.body!.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        if (total) setProgress(Math.round((received / total) * 100));
      }
      const name =
        /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
        `property-report.${format}`;
      const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get("Content-Type") ?? undefined }));
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setOutcome({ done: true });
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : t("makeFailed") });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {formats.map((format) => (
          <button
            key={format}
            type="button"
            disabled={progress !== null}
            onClick={() => void download(format)}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {t("download", { format: format.toUpperCase() })}
          </button>
        ))}
      </div>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label={t("progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 w-full max-w-sm rounded bg-slate-200"
        >
          <div className="h-2 rounded bg-brand-600" style={{ width: `${progress}%` }} />
        </div>
      )}
      {outcome && "error" in outcome && (
        <p role="alert" className="text-sm text-red-700">
          {outcome.error}
        </p>
      )}
      {outcome && "done" in outcome && <p className="text-sm text-slate-600">{t("downloaded")}</p>}
    </div>
  );
}
