"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";

interface ChainCheck {
  ok: boolean;
  events: number;
  firstBadId: number | null;
}

/** "Verify": walks the log's chain of hashes on the server and says, in a live region, whether any row was altered. */
export function AuditVerifyButton() {
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ text: string; bad: boolean }>();

  async function verify() {
    setPending(true);
    setSaid(undefined);
    try {
      const check = await fetchJson<ChainCheck>("/api/admin/audit/verify");
      setSaid(
        check.ok
          ? { text: `The log is intact: ${check.events.toLocaleString("en-US")} events checked.`, bad: false }
          : { text: `The log was altered at event #${check.firstBadId}.`, bad: true },
      );
    } catch (error) {
      setSaid({ text: ApiProblem.from(error).message, bad: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void verify()}>
        {pending ? "Verifying…" : "Verify"}
      </Button>
      <p role="status" data-testid="audit-verify-result" className={`text-sm ${said?.bad ? "font-semibold text-red-700" : "text-slate-700"}`}>
        {said?.text}
      </p>
    </div>
  );
}
