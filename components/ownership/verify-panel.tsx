"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson, useProblemText } from "@/lib/client/fetch-json";
import { useFormats } from "@/lib/i18n/use-formats";
import type { VerificationState } from "@/lib/services/homes/ownership";

/**
 * The "verify to see your loans and equity" state: why the private half is hidden, and the ways to prove the home is
 * yours (a code mailed to it, or an invitation from a loan officer).
 */
export function VerifyPanel({ state, headingLevel = 2 }: { state: VerificationState; headingLevel?: 2 | 3 }) {
  const t = useTranslations("Ownership");
  const f = useFormats();
  const problemText = useProblemText();
  const router = useRouter();
  const [problem, setProblem] = useState<ApiProblem>();
  const [busy, setBusy] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const Heading = `h${headingLevel}` as const;
  // Several homes may wait for proof on one page: each panel has its own heading id and names its home to the API.
  const titleId = useId();
  const street = state.address.split(", ")[0] ?? state.address;
  // A refused code's words carry the tries left (the API writes them in English: "… 4 tries left."); no count, no try
  // left.
  const alertText = (shown: ApiProblem) =>
    shown.code === "wrong_code"
      ? t("wrongCode", { tries: Number(/(\d+) tr(?:y|ies) left/.exec(shown.message)?.[1] ?? 0) })
      : shown.code === "no_code"
        ? t("noCode")
        : problemText(shown);
  const codeError = (reason: string | undefined) =>
    reason === "does not match the letter"
      ? t("codeDoesNotMatch")
      : reason === "has no letter waiting for it"
        ? t("codeNoLetter")
        : reason;

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setBusy(false);
      // A refused code also changes the page's state (one try fewer), so the letter's paragraph never shows a stale
      // count.
      startRefresh(() => router.refresh());
    }
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    void run(() => fetchJson("/api/ownership/code", { body: { code, address: state.address } }));
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-6">
      <Heading id={titleId} className="text-xl font-semibold">
        {t.rich("title", { street, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
      </Heading>
      <p className="text-slate-800">{t("intro", { name: state.name })}</p>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-white px-3 py-2 text-sm text-red-800">
          {alertText(problem)}
        </p>
      )}
      {state.letter ? (
        <form onSubmit={submitCode} className="space-y-3" noValidate>
          <p className="text-sm text-slate-800">
            {t("letterSent", {
              address: state.address,
              sent: f.date(state.letter.sentAt),
              expires: f.date(state.letter.expiresAt),
              tries: state.letter.triesLeft,
            })}
          </p>
          <div className="max-w-xs">
            <Field
              label={t("codeLabel")}
              name="code"
              id={`${titleId}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              error={codeError(problem?.fields?.code)}
            />
          </div>
          <Button type="submit" disabled={busy || refreshing}>
            {busy ? t("checking") : t("verify")}
          </Button>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">{t("canMail", { address: state.address })}</p>
          {state.nextLetterAt ? (
            <p className="text-sm text-slate-700">{t("nextLetter", { date: f.date(state.nextLetterAt) })}</p>
          ) : (
            <Button
              type="button"
              disabled={busy || refreshing}
              onClick={() =>
                void run(() =>
                  fetchJson(`/api/ownership/letter?address=${encodeURIComponent(state.address)}`, { body: {} }),
                )
              }
            >
              {busy ? t("sending") : t("mailCode")}
            </Button>
          )}
        </div>
      )}
      <p className="text-sm text-slate-700">{t("invite")}</p>
    </section>
  );
}
