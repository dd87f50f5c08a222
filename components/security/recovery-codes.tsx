"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/** Recovery codes, shown this once: downloaded or written down, then `onSaved`. */
export function RecoveryCodes({
  codes,
  replaced,
  onSaved,
  savedLabel,
}: {
  codes: string[];
  replaced: boolean;
  onSaved: () => void;
  savedLabel: string;
}) {
  const t = useTranslations("RecoveryCodes");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function download() {
    const text = `${t("fileHeading", { host: location.host })}\n${t("fileIntro")}\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "recovery-codes.txt" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <section
      aria-labelledby="codes-title"
      className="space-y-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-6"
      data-testid="recovery-codes"
    >
      <h2 id="codes-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p className="text-slate-800">{t("intro")}</p>
      {replaced && <p className="font-medium text-slate-900">{t("replaced")}</p>}
      <ol className="grid grid-cols-2 gap-2 font-mono text-lg sm:grid-cols-2" aria-label={t("listLabel")}>
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-amber-300 bg-white px-3 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={download}>
          {t("download")}
        </Button>
        <Button type="button" onClick={onSaved}>
          {savedLabel}
        </Button>
      </div>
    </section>
  );
}
