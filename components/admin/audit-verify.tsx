"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";

interface ChainCheck {
  ok: boolean;
  events: number;
  firstBadId: number | null;
}

/** "Verify": walks the log's chain of hashes on the server and says, in a live region, whether any row was altered. */
export function AuditVerifyButton() {
  const t = useTranslations("AuditVerify");
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ text: string; bad: boolean }>();

  async function verify() {
    setPending(true);
    setSaid(undefined);
    try {
      const check = await fetchJson<ChainCheck>("/api/admin/audit/verify");
      setSaid(
        check.ok
          ? { text: t("intact", { events: check.events }), bad: false }
          : { text: t("altered", { id: String(check.firstBadId) }), bad: true },
      );
    } catch (error) {
      setSaid({ text: errorText(ApiProblem.from(error)), bad: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void verify()}>
        {pending ? t("verifying") : t("verify")}
      </Button>
      <p
        role="status"
        data-testid="audit-verify-result"
        className={`text-sm ${said?.bad ? "font-semibold text-red-700" : "text-slate-700"}`}
      >
        {said?.text}
      </p>
    </div>
  );
}
