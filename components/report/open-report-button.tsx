"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/lib/i18n/error-text";

/**
 * The report link's button: posts the token once and saves the report it gets back. Without JavaScript the form posts
 * by itself and the browser saves the same file.
 */
export function OpenReportButton({ token }: { token: string }) {
  const t = useTranslations("Report");
  const errorText = useErrorText();
  const action = `/api/widget/report?token=${encodeURIComponent(token)}`;
  const [state, setState] = useState<
    { kind: "idle" | "opening" } | { kind: "done"; url: string } | { kind: "failed"; message: string }
  >({ kind: "idle" });

  async function open(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: "opening" });
    try {
      const reply = await fetch(action, { method: "POST" });
      if (!reply.ok) {
        const body = (await reply.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        const error = body?.error;
        setState({
          kind: "failed",
          message: error?.message ? errorText({ code: error.code, message: error.message }) : t("openFailed"),
        });
        return;
      }
      const url = URL.createObjectURL(await reply.blob());
      setState({ kind: "done", url });
      const link = document.createElement("a");
      link.href = url;
      link.download = "home-report.html";
      link.click();
    } catch {
      setState({ kind: "failed", message: t("openOffline") });
    }
  }

  if (state.kind === "done") {
    return (
      <p role="status">
        {t.rich("saved", {
          again: (chunks) => (
            <a href={state.url} download="home-report.html" className="text-brand-700 underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    );
  }
  return (
    <form method="post" action={action} onSubmit={open} className="space-y-3">
      <Button type="submit" disabled={state.kind === "opening"}>
        {state.kind === "opening" ? t("opening") : t("open")}
      </Button>
      {state.kind === "failed" && (
        <p role="alert" className="text-red-800">
          {state.message}
        </p>
      )}
    </form>
  );
}
