"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { fetchFile, saveFile } from "@/lib/client/download-file";
import { ApiProblem } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";

/**
 * A download of records that leave the app (clients, the activity log): the API asks for a second factor when the last
 * one is older than ten minutes, and the dialog asks for it before the file is fetched again.
 */
export function StepUpDownloadButton({
  path,
  fallbackName,
  label,
}: {
  path: string;
  fallbackName: string;
  label: string;
}) {
  const t = useTranslations("StepUp");
  const errorText = useErrorText();
  const { withStepUp, stepUp } = useStepUp();
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean }>();

  async function download() {
    setPending(true);
    setSaid(undefined);
    try {
      const file = await withStepUp(() => fetchFile(path, fallbackName));
      saveFile(file);
      setSaid({ text: t("downloaded", { filename: file.filename }), error: false });
    } catch (error) {
      setSaid({ text: errorText(ApiProblem.from(error)), error: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      {stepUp}
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void download()}>
        {pending ? t("preparing") : label}
      </Button>
      <p role="status" className={`text-xs ${said?.error ? "text-red-700" : "text-slate-700"}`}>
        {said?.text}
      </p>
    </div>
  );
}
