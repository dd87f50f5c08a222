"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiProblem, fetchJson, useProblemText } from "@/lib/client/fetch-json";
import { useFormats } from "@/lib/i18n/use-formats";
import { loanKey, type LoanFigures } from "@/lib/finance/your-equity";
import type { LoanDto } from "@/lib/services/homes/dto";
import type { Condition, OwnerFiguresDto } from "@/lib/services/homes/figures";

const CONDITIONS: Condition[] = ["poor", "good", "excellent"];
const small =
  "rounded-lg border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";

/**
 * The owner's corrections to the records: a loan paid off, today's balance and rate of a loan, the home's condition.
 * Each is saved as their own figures (the service's records stay as they are), and each can be undone.
 */
export function OwnerFiguresPanel({
  propertyId,
  loans,
  figures,
}: {
  propertyId: number;
  loans: LoanDto[];
  figures: OwnerFiguresDto;
}) {
  const t = useTranslations("OwnerFigures");
  const equity = useTranslations("Equity");
  const f = useFormats();
  const problemText = useProblemText();
  const router = useRouter();
  const [problem, setProblem] = useState<ApiProblem>();
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const id = useId();
  const path = `/api/owner-figures/${propertyId}`;
  const disabled = busy || refreshing;

  /**
   * The API's reason beside a field (lib/api/schemas/common.ts: "must be at most 25%") in the reader's language; any
   * other as written.
   */
  function fieldText(reason: string | undefined): string | undefined {
    if (reason === undefined) return undefined;
    if (reason === "must be a number") return t("fieldNumber");
    if (reason === "must have at most 3 decimals") return t("fieldDecimals");
    const bound = /^must be at (least|most) (.+)$/.exec(reason);
    if (bound)
      return bound[1] === "least" ? t("fieldAtLeast", { limit: bound[2]! }) : t("fieldAtMost", { limit: bound[2]! });
    return reason;
  }

  /** The owner's figures for a loan: "Paid off", "$150,000 at 3.1%", "$150,000", "at 3.1%". */
  function describe(figures: LoanFigures): string {
    if (figures.paidOff) return t("paidOff");
    const balance = figures.balance !== undefined ? f.usd(figures.balance) : undefined;
    const rate = figures.ratePercent !== undefined ? f.percent(figures.ratePercent, "rate") : undefined;
    if (balance !== undefined && rate !== undefined) return t("balanceAtRate", { balance, rate });
    return rate !== undefined ? t("atRate", { rate }) : (balance ?? "");
  }

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
    run(message, () =>
      fetchJson(path, { method: "PUT", body: { condition: figures.condition, loans: figures.loans, ...next } }),
    );
  const without = (key: string) => Object.fromEntries(Object.entries(figures.loans).filter(([k]) => k !== key));

  function submitLoan(key: string, loan: string, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (field: string) => {
      const text = String(form.get(field) ?? "").replace(/[$,\s%]/g, "");
      return text === "" ? undefined : Number(text);
    };
    const entry: LoanFigures = { balance: number("balance"), ratePercent: number("ratePercent") };
    void save(t("savedLoan", { loan }), { loans: { ...without(key), [key]: entry } });
  }

  function submitCondition(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = (new FormData(event.currentTarget).get("condition") as Condition | "none" | null) ?? "none";
    void save(picked === "none" ? t("conditionRemoved") : t("conditionSaved", { condition: picked }), {
      condition: picked === "none" ? null : picked,
    });
  }

  const any = figures.condition !== null || Object.keys(figures.loans).length > 0;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">{t("intro")}</p>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-white px-3 py-2 text-sm text-red-800">
          {problem.fields ? t("someNotSaved") : problemText(problem)}
        </p>
      )}
      <p role="status" aria-live="polite" className="text-sm text-brand-700">
        {done}
      </p>
      {loans.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noActiveLoans")}</p>
      ) : (
        <ul className="space-y-3">
          {loans.map((loan) => {
            const key = loanKey(loan);
            const name = equity("loanName", { position: loan.position });
            const theLoan = t("theLoan", { position: loan.position });
            const mine = figures.loans[key];
            return (
              <li key={key} className="space-y-2 rounded-xl border border-slate-200 p-3" data-loan={key}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{name}</h3>
                  <p className="text-sm">
                    {t.rich("onRecord", { balance: f.usd(loan.balance), b: (chunks) => <strong>{chunks}</strong> })}
                    {mine && (
                      <>
                        {" · "}
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
                          {t("yourFigures", { figures: describe(mine) })}
                        </span>
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
                      aria-label={t("markPaidOffLabel", { name })}
                      onClick={() =>
                        void save(t("markedPaidOff", { loan: theLoan }), {
                          loans: { ...without(key), [key]: { paidOff: true } },
                        })
                      }
                    >
                      {t("markPaidOff")}
                    </button>
                  )}
                  {mine && (
                    <button
                      type="button"
                      className={small}
                      disabled={disabled}
                      aria-label={t("undoLabel", { loan: theLoan })}
                      onClick={() => void save(t("undone", { loan: theLoan }), { loans: without(key) })}
                    >
                      {t("undo")}
                    </button>
                  )}
                  <details className="w-full">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                      {t.rich("enterToday", {
                        loan: theLoan,
                        sr: (chunks) => <span className="sr-only">{chunks}</span>,
                      })}
                    </summary>
                    <form
                      key={JSON.stringify(mine ?? {})}
                      onSubmit={(event) => submitLoan(key, theLoan, event)}
                      className="mt-2 grid items-end gap-3 sm:grid-cols-3"
                      noValidate
                    >
                      <Field
                        label={t("balanceToday")}
                        id={`${id}-${key}-balance`}
                        name="balance"
                        inputMode="decimal"
                        defaultValue={mine?.balance ?? ""}
                        error={fieldText(problem?.fields?.[`loans.${key}.balance`])}
                      />
                      <Field
                        label={t("rate")}
                        id={`${id}-${key}-rate`}
                        name="ratePercent"
                        inputMode="decimal"
                        defaultValue={mine?.ratePercent ?? ""}
                        error={fieldText(
                          problem?.fields?.[`loans.${key}.ratePercent`] ?? problem?.fields?.[`loans.${key}`],
                        )}
                      />
                      <Button type="submit" disabled={disabled} aria-label={t("saveLabel", { loan: theLoan })}>
                        {t("save")}
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
          <legend className="text-sm font-semibold">{t("conditionLegend")}</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            {[...CONDITIONS, "none" as const].map((condition) => (
              <label key={condition} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="condition"
                  value={condition}
                  defaultChecked={(figures.condition ?? "none") === condition}
                />
                {t("condition", { condition })}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={disabled}>
          {t("saveCondition")}
        </Button>
      </form>
      {any && (
        <button
          type="button"
          className={small}
          disabled={disabled}
          onClick={() => void run(t("resetDone"), () => fetchJson(path, { method: "DELETE" }))}
        >
          {t("resetAll")}
        </button>
      )}
    </div>
  );
}
