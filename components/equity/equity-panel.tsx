"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { EquityBars } from "@/components/charts/equity-bars";
import { useFormats } from "@/lib/i18n/use-formats";
import type { EquityDto } from "@/lib/services/homes/dto";
import { borrowing } from "./borrowing";

/**
 * Equity at the organization's maximum LTV, with a what-if slider that recomputes on the page, without a call.
 * `viewer`: a homeowner reads the maximum as their lender's, a loan officer as the organization's. `yourFigures`: the
 * loans are the owner's own figures, not the records'.
 */
export function EquityPanel({
  equity,
  orgMaxLtv,
  viewer = "homeowner",
  yourFigures = false,
}: {
  equity: EquityDto;
  orgMaxLtv: number;
  viewer?: "homeowner" | "officer";
  yourFigures?: boolean;
}) {
  const t = useTranslations("Equity");
  const f = useFormats();
  const [maxLtv, setMaxLtv] = useState(orgMaxLtv);
  const sliderId = useId();
  const borrow = borrowing(equity, maxLtv);
  const percent = f.percent(maxLtv * 100, "whole");
  const verb = equity.totalLoanBalance > borrow.limit ? "exceed" : "reach";
  const limits = { loans: f.usd(equity.totalLoanBalance), verb, percent, limit: f.usd(borrow.limit) };
  const rows: [string, string][] = [
    [t("totalLoanBalance"), f.usd(equity.totalLoanBalance)],
    [t("totalEquity"), f.usd(equity.totalEquity)],
    [t("loanToValue"), f.percent(equity.ltv * 100, "ltv")],
  ];
  return (
    <div data-equity className="grid gap-6 md:grid-cols-2">
      <div className="space-y-4">
        {yourFigures ? (
          <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900">
            {t.rich("yourFiguresNote", { b: (chunks) => <strong>{chunks}</strong> })}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t("recordsNote")}</p>
        )}
        <dl className="grid grid-cols-3 gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-xl bg-brand-50 p-4">
          <label htmlFor={sliderId} className="block text-sm font-medium">
            {t.rich("maxLtv", {
              percent,
              whose: maxLtv === orgMaxLtv ? viewer : "none",
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </label>
          <input
            id={sliderId}
            type="range"
            min={0.5}
            max={1}
            step={0.01}
            value={maxLtv}
            onChange={(event) => setMaxLtv(Number(event.target.value))}
            aria-valuetext={t("maxLtvValueText", { percent: Math.round(maxLtv * 100) })}
            className="mt-2 w-full accent-brand-700"
          />
          {borrow.high === 0 ? (
            // "$0, range $0 – $0" would say nothing of why: the sentence says it.
            <p className="mt-3 font-semibold" aria-live="polite" data-testid="available-equity">
              {t("nothingAvailable", limits)}
            </p>
          ) : (
            <>
              <p className="mt-3 text-sm text-slate-700">{t("availableToBorrow")}</p>
              <p className="text-2xl font-bold" aria-live="polite" data-testid="available-equity">
                {f.usd(borrow.available)}
              </p>
              <p className="text-sm text-slate-600">
                {t("range", { low: f.usd(borrow.low), high: f.usd(borrow.high) })}
              </p>
            </>
          )}
          {borrow.overLimit && borrow.high > 0 && (
            <p className="mt-2 text-sm text-slate-800" aria-live="polite">
              {t("overLimit", limits)}
            </p>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold">{yourFigures ? t("loansYourFigures") : t("loansOnRecord")}</h3>
          {equity.loans.length === 0 ? (
            <p className="text-sm text-slate-600">{yourFigures ? t("noneMarkedPaidOff") : t("noActiveLoans")}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {equity.loans.map((loan) => (
                <li key={loan.position} className="flex justify-between border-b border-slate-100 py-1">
                  <span>{t("loanName", { position: loan.position })}</span>
                  <span className="font-medium">{f.usd(loan.balance)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <EquityBars loans={equity.totalLoanBalance} equity={equity.totalEquity} available={borrow.available} />
    </div>
  );
}
