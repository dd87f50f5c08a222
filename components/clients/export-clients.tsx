"use client";

import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ApiProblem } from "@/lib/client/fetch-json";

/** The file of `/api/clients/export`, or its failure as an ApiProblem (a step-up is one). */
async function exportFile(): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch("/api/clients/export");
  } catch {
    throw new ApiProblem("The network failed. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
    throw new ApiProblem(body?.error?.message ?? "The download failed. Please try again.", { code: body?.error?.code, status: response.status });
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "clients.csv";
  return { blob: await response.blob(), filename };
}

/** "Download clients (CSV)": customer records leaving the app, so it asks for the second factor when it is not recent. */
export function ExportClientsButton() {
  const { withStepUp, stepUp } = useStepUp();
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean }>();

  async function download() {
    setPending(true);
    setSaid(undefined);
    try {
      const { blob, filename } = await withStepUp(exportFile);
      const url = URL.createObjectURL(blob);
      Object.assign(document.createElement("a"), { href: url, download: filename }).click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      setSaid({ text: `Downloaded ${filename}.`, error: false });
    } catch (error) {
      setSaid({ text: ApiProblem.from(error).message, error: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      {stepUp}
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void download()}>
        {pending ? "Preparing the file…" : "Download clients (CSV)"}
      </Button>
      <p role="status" className={`text-xs ${said?.error ? "text-red-700" : "text-slate-700"}`}>
        {said?.text}
      </p>
    </div>
  );
}
