"use client";

import { useId, useState } from "react";
import { EquityBars } from "@/components/charts/equity-bars";
import { formatPercent, formatUsd } from "@/lib/format";
import type { EquityDto } from "@/lib/services/dto";
import { borrowing } from "./borrowing";

const LOAN_NAMES = { primary: "Primary mortgage", second: "Second loan", third: "Third loan" } as const;

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
  const [maxLtv, setMaxLtv] = useState(orgMaxLtv);
  const sliderId = useId();
  const borrow = borrowing(equity, maxLtv);
  const percent = formatPercent(maxLtv * 100, "whole");
  const rows: [string, string][] = [
    ["Total loan balance", formatUsd(equity.totalLoanBalance)],
    ["Total equity", formatUsd(equity.totalEquity)],
    ["Loan-to-value", formatPercent(equity.ltv * 100, "ltv")],
  ];
  return (
    <div data-equity className="grid gap-6 md:grid-cols-2">
      <div className="space-y-4">
        {yourFigures ? (
          <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900">
            <strong>Your figures:</strong> computed from the Service Estimate above and the loans as you told us (below); the service&apos;s records are
            unchanged.
          </p>
        ) : (
          <p className="text-sm text-slate-600">Computed from the Service Estimate above and the loans on record.</p>
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
            Maximum loan-to-value: <strong>{percent}</strong>
            {maxLtv === orgMaxLtv ? (viewer === "officer" ? " (the organization's)" : " (your lender's)") : ""}
          </label>
          <input
            id={sliderId}
            type="range"
            min={0.5}
            max={1}
            step={0.01}
            value={maxLtv}
            onChange={(event) => setMaxLtv(Number(event.target.value))}
            aria-valuetext={`${Math.round(maxLtv * 100)} percent`}
            className="mt-2 w-full accent-brand-700"
          />
          {borrow.high === 0 ? (
            // "$0, range $0 – $0" would say nothing of why: the sentence says it.
            <p className="mt-3 font-semibold" aria-live="polite" data-testid="available-equity">
              Nothing is available to borrow: the loans on record ({formatUsd(equity.totalLoanBalance)}) already{" "}
              {equity.totalLoanBalance > borrow.limit ? "exceed" : "reach"} the most that can be borrowed against this home at a maximum loan-to-value of{" "}
              {percent} ({formatUsd(borrow.limit)}), even at the top of its estimate range.
            </p>
          ) : (
            <>
              <p className="mt-3 text-sm text-slate-700">Available to borrow</p>
              <p className="text-2xl font-bold" aria-live="polite" data-testid="available-equity">
                {formatUsd(borrow.available)}
              </p>
              <p className="text-sm text-slate-600">
                Range {formatUsd(borrow.low)} – {formatUsd(borrow.high)}
              </p>
            </>
          )}
          {borrow.overLimit && borrow.high > 0 && (
            <p className="mt-2 text-sm text-slate-800" aria-live="polite">
              The loans on record ({formatUsd(equity.totalLoanBalance)}) already {equity.totalLoanBalance > borrow.limit ? "exceed" : "reach"} what can be
              borrowed at the maximum loan-to-value of {percent} ({formatUsd(borrow.limit)}), so nothing more is available.
            </p>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold">{yourFigures ? "Loans (your figures)" : "Loans on record"}</h3>
          {equity.loans.length === 0 ? (
            <p className="text-sm text-slate-600">{yourFigures ? "None: you marked them paid off." : "No active loans are recorded against this home."}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {equity.loans.map((loan) => (
                <li key={loan.position} className="flex justify-between border-b border-slate-100 py-1">
                  <span>{LOAN_NAMES[loan.position]}</span>
                  <span className="font-medium">{formatUsd(loan.balance)}</span>
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
