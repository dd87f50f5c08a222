"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import type { VerificationState } from "@/lib/services/ownership";
import { formatDate } from "@/lib/format";

/**
 * The "verify to see your loans and equity" state: why the private half is hidden, and the ways to prove the home is
 * yours (a code mailed to it, or an invitation from a loan officer).
 */
export function VerifyPanel({ state, headingLevel = 2 }: { state: VerificationState; headingLevel?: 2 | 3 }) {
  const router = useRouter();
  const [problem, setProblem] = useState<ApiProblem>();
  const [busy, setBusy] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const Heading = `h${headingLevel}` as const;
  // Several homes may wait for proof on one page: each panel has its own heading id and names its home to the API.
  const titleId = useId();
  const street = state.address.split(", ")[0];

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setBusy(false);
      // A refused code also changes the page's state (one try fewer), so the letter's paragraph never shows a stale count.
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
        Verify to see your loans and equity<span className="sr-only"> at {street}</span>
      </Heading>
      <p className="text-slate-800">
        The deed names {state.name}, so you can see this home&apos;s public facts and estimate. Your loans, equity and the full report are private: we show them
        once you prove the home is yours, so nobody else can see them by typing your name.
      </p>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-white px-3 py-2 text-sm text-red-800">
          {problem.message}
        </p>
      )}
      {state.letter ? (
        <form onSubmit={submitCode} className="space-y-3" noValidate>
          <p className="text-sm text-slate-800">
            We mailed a letter with a 6-digit code to {state.address} on {formatDate(state.letter.sentAt)}. Enter it here before{" "}
            {formatDate(state.letter.expiresAt)} ({state.letter.triesLeft} {state.letter.triesLeft === 1 ? "try" : "tries"} left).
          </p>
          <div className="max-w-xs">
            <Field
              label="Code from the letter"
              name="code"
              id={`${titleId}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              error={problem?.fields?.code}
            />
          </div>
          <Button type="submit" disabled={busy || refreshing}>
            {busy ? "Checking…" : "Verify my home"}
          </Button>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">
            We can mail a letter with a 6-digit code to {state.address}. It usually arrives within 5 business days and the code works for 30 days.
          </p>
          {state.nextLetterAt ? (
            <p className="text-sm text-slate-700">You can ask for another letter on {formatDate(state.nextLetterAt)}.</p>
          ) : (
            <Button
              type="button"
              disabled={busy || refreshing}
              onClick={() => void run(() => fetchJson(`/api/ownership/letter?address=${encodeURIComponent(state.address)}`, { body: {} }))}
            >
              {busy ? "Sending…" : "Mail me a code"}
            </Button>
          )}
        </div>
      )}
      <p className="text-sm text-slate-700">Working with a loan officer? They can invite you by email, which verifies your home at once.</p>
    </section>
  );
}
