"use client";

import { useId, useRef, useState } from "react";
import { formatPercent, formatUsd } from "@/lib/format";
import { averageRate, cashOutAvailable, helocAvailable, limitGap } from "@/lib/finance/borrowing";
import { interestOnlyPayment, monthlyPayment } from "@/lib/finance/payment";
import type { Offer, Offers } from "@/lib/services/settings";
import { QuoteRequest, type QuoteRequestProps } from "@/components/leads/quote-request";
import type { Scenario as QuoteScenario } from "@/lib/leads/rules";

/** "Get a quote" on each scenario: the home and the officer it goes to (absent: the homeowner has no officer). */
export type QuoteTarget = Omit<QuoteRequestProps, "scenario">;

const toCents = (amount: number) => Math.round(amount * 100) / 100;

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

interface Home {
  /** The service's value. */
  value: number;
  /** Today's loans: the owner's figures where they gave some. */
  loanBalance: number;
  maxLtv: number;
  /** Whether `loanBalance` comes from the owner's figures. */
  yourFigures: boolean;
  /** The balance-weighted rate of the loans the owner gave a rate for. */
  loanRates: { balance: number; ratePercent?: number }[];
}

/**
 * A home equity line and a cash-out refinance at the organization's offers: an amount up to what is available, and
 * the monthly payment, recomputed in the browser as the amount moves (announced politely).
 */
export function BorrowingScenarios({ home, offers, quote }: { home: Home; offers: Offers; quote?: QuoteTarget }) {
  const current = averageRate(home.loanRates);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Scenario
        key={`heloc-${home.loanBalance}`}
        title="Home equity line"
        what="a line"
        offer={offers.heloc}
        available={helocAvailable(home.value, home.loanBalance, home.maxLtv)}
        home={home}
        payments={(amount) => [
          [`Repaid over ${offers.heloc.termYears} years`, monthlyPayment(amount, offers.heloc.ratePercent, offers.heloc.termYears)],
          ["Interest only, while you draw", interestOnlyPayment(amount, offers.heloc.ratePercent)],
        ]}
        note="Your loans stay as they are; the line is a loan of its own on top of them."
        quote={
          quote &&
          ((amount, available) => ({
            type: "heloc",
            amount,
            available: toCents(available),
            ratePercent: offers.heloc.ratePercent,
            termYears: offers.heloc.termYears,
            monthlyPayment: toCents(monthlyPayment(amount, offers.heloc.ratePercent, offers.heloc.termYears)),
          }))
        }
        target={quote}
      />
      <Scenario
        key={`cash-out-${home.loanBalance}`}
        title="Cash-out refinance"
        what="a cash-out refinance"
        offer={offers.cashOut}
        available={cashOutAvailable(home.value, home.loanBalance, home.maxLtv)}
        home={home}
        payments={(amount) => [
          [
            `New loan of ${formatUsd(home.loanBalance + amount)} over ${offers.cashOut.termYears} years`,
            monthlyPayment(home.loanBalance + amount, offers.cashOut.ratePercent, offers.cashOut.termYears),
          ],
        ]}
        note={
          `A new loan pays off today's loans (${formatUsd(home.loanBalance)}${home.yourFigures ? ", your figures" : ""}) and gives you the rest.` +
          (current !== undefined ? ` Your loans' rate today averages ${formatPercent(current, "rate")} (your figures).` : "")
        }
        quote={
          quote &&
          ((amount, available) => ({
            type: "cash_out",
            amount,
            available: toCents(available),
            loanBalance: toCents(home.loanBalance),
            ratePercent: offers.cashOut.ratePercent,
            termYears: offers.cashOut.termYears,
            monthlyPayment: toCents(monthlyPayment(home.loanBalance + amount, offers.cashOut.ratePercent, offers.cashOut.termYears)),
          }))
        }
        target={quote}
      />
    </div>
  );
}

function Scenario({
  title,
  what,
  offer,
  available,
  home,
  payments,
  note,
  quote,
  target,
}: {
  title: string;
  what: string;
  offer: Offer;
  available: number;
  home: Home;
  payments: (amount: number) => [string, number][];
  note: string;
  /** The scenario's figures at an amount, for "Get a quote". */
  quote?: (amount: number, available: number) => QuoteScenario;
  target?: QuoteTarget;
}) {
  // Steps a keyboard can walk: $1,000 on large amounts; the amount ends on a step (at most a step under the limit).
  const step = available >= 10_000 ? 1_000 : available >= 1_000 ? 100 : 1;
  const max = Math.floor(available / step) * step;
  const [amount, setAmount] = useState(max);
  const id = useId();
  // The first time the amount moves, the homeowner's officer learns that they tried borrowing (once per page view).
  const told = useRef(false);
  const tried = () => {
    if (told.current) return;
    told.current = true;
    void fetch("/api/engagement", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"kind":"borrowing_used"}',
      keepalive: true,
    }).catch(() => undefined);
  };
  const gap = limitGap(home.value, home.loanBalance, home.maxLtv);
  const yours = home.yourFigures ? " (your figures)" : "";
  return (
    <article aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-slate-700">
        Offered at <strong>{formatPercent(offer.ratePercent, "rate")}</strong> a year over <strong>{offer.termYears} years</strong>.
      </p>
      {max > 0 ? (
        <>
          <p className="text-sm text-slate-700">
            Up to <strong>{formatUsd(available)}</strong>
            {yours}, keeping your loans within {formatPercent(home.maxLtv * 100, "whole")} of the value.
          </p>
          <div>
            <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
              Amount: <strong>{formatUsd(amount)}</strong>
            </label>
            <input
              id={`${id}-amount`}
              type="range"
              min={0}
              max={max}
              step={step}
              value={amount}
              onChange={(event) => {
                setAmount(Number(event.target.value));
                tried();
              }}
              aria-valuetext={formatUsd(amount)}
              className="mt-2 w-full accent-brand-700"
            />
          </div>
          <div role="status" aria-live="polite">
            <dl className="space-y-1 rounded-lg bg-brand-50 p-3 text-sm">
              {payments(amount).map(([label, payment]) => (
                <div key={label} className="flex flex-wrap justify-between gap-2">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="font-semibold" data-testid="monthly-payment">
                    {cents.format(payment)} a month
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      ) : (
        gap && (
          <p className="text-sm text-slate-800">
            Nothing is available for {what} now. Your loans are {formatPercent(gap.ltv * 100, "ltv")} of the value{yours}; the limit is{" "}
            {formatPercent(gap.maxLtv * 100, "whole")}. A value above {formatUsd(gap.valueNeeded)} or a balance below {formatUsd(gap.balanceNeeded)} would open{" "}
            {what}.
          </p>
        )
      )}
      <p className="text-xs text-slate-600">{note} An illustration, not an offer of credit.</p>
      {quote && target && max > 0 && <QuoteRequest {...target} scenario={quote(amount, available)} />}
    </article>
  );
}
