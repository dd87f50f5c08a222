"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * The report link's button: posts the token once and saves the report it gets back. Without JavaScript the form posts
 * by itself and the browser saves the same file.
 */
export function OpenReportButton({ token }: { token: string }) {
  const action = `/api/widget/report?token=${encodeURIComponent(token)}`;
  const [state, setState] = useState<{ kind: "idle" | "opening" } | { kind: "done"; url: string } | { kind: "failed"; message: string }>({ kind: "idle" });

  async function open(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: "opening" });
    try {
      const reply = await fetch(action, { method: "POST" });
      if (!reply.ok) {
        const body = (await reply.json().catch(() => null)) as { error?: { message?: string } } | null;
        setState({ kind: "failed", message: body?.error?.message ?? "Your report could not be opened. Please try again in a minute." });
        return;
      }
      const url = URL.createObjectURL(await reply.blob());
      setState({ kind: "done", url });
      const link = document.createElement("a");
      link.href = url;
      link.download = "home-report.html";
      link.click();
    } catch {
      setState({ kind: "failed", message: "Your report could not be opened: check your connection and try again." });
    }
  }

  if (state.kind === "done") {
    return (
      <p role="status">
        Your report is saved as home-report.html.{" "}
        <a href={state.url} download="home-report.html" className="text-brand-700 underline">
          Save it again
        </a>
        : this link works only while this page stays open.
      </p>
    );
  }
  return (
    <form method="post" action={action} onSubmit={open} className="space-y-3">
      <Button type="submit" disabled={state.kind === "opening"}>
        {state.kind === "opening" ? "Opening…" : "Open my report"}
      </Button>
      {state.kind === "failed" && (
        <p role="alert" className="text-red-800">
          {state.message}
        </p>
      )}
    </form>
  );
}
