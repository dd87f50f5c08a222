"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { formatPercent, formatUsd } from "@/lib/format";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { loanKey, type LoanFigures } from "@/lib/finance/your-equity";
import type { LoanDto } from "@/lib/services/dto";
import type { Condition, OwnerFiguresDto } from "@/lib/services/figures";

const LOAN_NAMES = { primary: "Primary mortgage", second: "Second loan", third: "Third loan" } as const;
const CONDITIONS: Condition[] = ["poor", "good", "excellent"];
const small = "rounded-lg border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";

function describe(figures: LoanFigures): string {
  if (figures.paidOff) return "Paid off";
  const parts = [
    figures.balance !== undefined ? formatUsd(figures.balance) : "",
    figures.ratePercent !== undefined ? `at ${formatPercent(figures.ratePercent, "rate")}` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/**
 * The owner's corrections to the records: a loan paid off, today's balance and rate of a loan, the home's condition.
 * Each is saved as their own figures (the service's records stay as they are), and each can be undone.
 */
export function OwnerFiguresPanel({ propertyId, loans, figures }: { propertyId: number; loans: LoanDto[]; figures: OwnerFiguresDto }) {
  const router = useRouter();
  const [problem, setProblem] = useState<ApiProblem>();
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const id = useId();
  const path = `/api/owner-figures/${propertyId}`;
  const disabled = busy || refreshing;

  async function run(message: string, work: () => Promise<unknown>) {
    setBusy(true);
    setProblem(undefined);
    setDone("");
    try {
      await work();
      setDone(message);
      startRefresh(() => router.refresh());
    } catch (error) {
      setProblem(ApiProblem.from(error));
    } finally {
      setBusy(false);
    }
  }

  const save = (message: string, next: Partial<Pick<OwnerFiguresDto, "condition" | "loans">>) =>
    run(message, () => fetchJson(path, { method: "PUT", body: { condition: figures.condition, loans: figures.loans, ...next } }));
  const without = (key: string) => Object.fromEntries(Object.entries(figures.loans).filter(([k]) => k !== key));

  function submitLoan(key: string, name: string, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (field: string) => {
      const text = String(form.get(field) ?? "").replace(/[$,\s%]/g, "");
      return text === "" ? undefined : Number(text);
    };
    const entry: LoanFigures = { balance: number("balance"), ratePercent: number("ratePercent") };
    void save(`Saved your figures for the ${name.toLowerCase()}.`, { loans: { ...without(key), [key]: entry } });
  }

  function submitCondition(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = (new FormData(event.currentTarget).get("condition") as Condition | "none" | null) ?? "none";
    void save(picked === "none" ? "Removed your condition." : `Saved: your home is in ${picked} condition.`, { condition: picked === "none" ? null : picked });
  }

  const any = figures.condition !== null || Object.keys(figures.loans).length > 0;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        Know better than the records? Your figures are kept for you alone and used for your equity and borrowing above; the service&apos;s records are not
        changed, and you can undo any of it.
      </p>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-white px-3 py-2 text-sm text-red-800">
          {problem.fields ? "Some figures could not be saved: see the reason beside each." : problem.message}
        </p>
      )}
      <p role="status" aria-live="polite" className="text-sm text-brand-700">
        {done}
      </p>
      {loans.length === 0 ? (
        <p className="text-sm text-slate-600">No active loans are recorded against this home.</p>
      ) : (
        <ul className="space-y-3">
          {loans.map((loan) => {
            const key = loanKey(loan);
            const name = LOAN_NAMES[loan.position];
            const mine = figures.loans[key];
            return (
              <li key={key} className="space-y-2 rounded-xl border border-slate-200 p-3" data-loan={key}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{name}</h3>
                  <p className="text-sm">
                    On record: <strong>{formatUsd(loan.balance)}</strong>
                    {mine && (
                      <>
                        {" · "}
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">Your figures: {describe(mine)}</span>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  {!mine?.paidOff && (
                    <button
                      type="button"
                      className={small}
                      disabled={disabled}
                      aria-label={`Mark paid off: ${name}`}
                      onClick={() =>
                        void save(`Marked the ${name.toLowerCase()} paid off (your figures).`, { loans: { ...without(key), [key]: { paidOff: true } } })
                      }
                    >
                      Mark paid off
                    </button>
                  )}
                  {mine && (
                    <button
                      type="button"
                      className={small}
                      disabled={disabled}
                      aria-label={`Undo your figures for the ${name.toLowerCase()}`}
                      onClick={() => void save(`Undone: the ${name.toLowerCase()} is as on record again.`, { loans: without(key) })}
                    >
                      Undo
                    </button>
                  )}
                  <details className="w-full">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                      Enter today&apos;s balance and rate<span className="sr-only"> of the {name.toLowerCase()}</span>
                    </summary>
                    <form
                      key={JSON.stringify(mine ?? {})}
                      onSubmit={(event) => submitLoan(key, name, event)}
                      className="mt-2 grid items-end gap-3 sm:grid-cols-3"
                      noValidate
                    >
                      <Field
                        label="Balance today ($)"
                        id={`${id}-${key}-balance`}
                        name="balance"
                        inputMode="decimal"
                        defaultValue={mine?.balance ?? ""}
                        error={problem?.fields?.[`loans.${key}.balance`]}
                      />
                      <Field
                        label="Rate (% a year)"
                        id={`${id}-${key}-rate`}
                        name="ratePercent"
                        inputMode="decimal"
                        defaultValue={mine?.ratePercent ?? ""}
                        error={problem?.fields?.[`loans.${key}.ratePercent`] ?? problem?.fields?.[`loans.${key}`]}
                      />
                      <Button type="submit" disabled={disabled} aria-label={`Save the ${name.toLowerCase()}`}>
                        Save
                      </Button>
                    </form>
                  </details>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <form key={figures.condition ?? "none"} onSubmit={submitCondition} className="space-y-2">
        <fieldset>
          <legend className="text-sm font-semibold">Your home&apos;s condition</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            {[...CONDITIONS, "none" as const].map((condition) => (
              <label key={condition} className="flex items-center gap-1.5">
                <input type="radio" name="condition" value={condition} defaultChecked={(figures.condition ?? "none") === condition} />
                {condition === "none" ? "Not said" : condition[0]!.toUpperCase() + condition.slice(1)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={disabled}>
          Save condition
        </Button>
      </form>
      {any && (
        <button
          type="button"
          className={small}
          disabled={disabled}
          onClick={() => void run("Reset: the records' figures again.", () => fetchJson(path, { method: "DELETE" }))}
        >
          Reset all your figures
        </button>
      )}
    </div>
  );
}
